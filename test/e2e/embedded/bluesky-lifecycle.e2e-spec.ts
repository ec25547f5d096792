import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pngImage } from '@app/media-store/testing';
import { describeWithLocalPds, LocalPds, startLocalPds } from '../../providers/bluesky/local-pds';
import { createWebhook, expectEnvelope, LIFECYCLE_ENV, LIFECYCLE_TIMEOUT_MS, ORIGINAL, schedulePost, secondsAhead, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { adminOf, ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { WebhookReceiver } from '@app/testing';

jest.setTimeout(120_000);

/** The lifecycle of a post published to Bluesky: the built service as one process, a real PDS (@atproto/dev-env) beside it. */
describeWithLocalPds('the lifecycle of a post on Bluesky, embedded, against a local PDS', () => {
  let pds: LocalPds;
  let service: RunningService;
  let admin: ApiClient;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    pds = await startLocalPds();
    service = await startService({ env: { ...LIFECYCLE_ENV, PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
    admin = adminOf(service);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await service?.dispose();
    await pds?.stop();
  });

  const credentials = () => ({ identifier: pds.handle, app_password: pds.appPassword });

  async function recordsWithText(text: string): Promise<{ uri: string }[]> {
    const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', limit: '100' });
    const { records } = (await (await fetch(`${pds.url}/xrpc/com.atproto.repo.listRecords?${query}`)).json()) as { records: { uri: string; value: { text: string } }[] };
    return records.filter((record) => record.value.text === text);
  }

  it('connects with an app password, named after the account on the PDS; credentials never come back', () =>
    service.diagnose(async () => {
      const workspace = await approverWorkspace(admin, 'Bluesky connect');
      const connected = await admin.post(`/api/${workspace}/accounts`, { provider: 'bluesky', settings: { service: pds.url }, credentials: credentials() });
      expect(connected.status).toBe(201);
      expect(connected.body).toEqual({ id: expect.any(Number), provider: 'bluesky', name: 'Alice Example', username: pds.handle, authorized: true, avatar_url: expect.stringContaining(`/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(pds.did)}&cid=${pds.avatarCid}`), created_at: expect.any(String), limits: null, options: {}, token_expires_at: null });
      const listed = await admin.get(`/api/${workspace}/accounts`);
      expect(JSON.stringify(listed.body)).not.toContain(pds.appPassword);
      expect(service.output()).not.toContain(pds.appPassword);
    }));

  it('refuses an app password the PDS refuses: 422 with the contract message, and no account', () =>
    service.diagnose(async () => {
      const workspace = await approverWorkspace(admin, 'Bluesky refused');
      const refused = await admin.post(`/api/${workspace}/accounts`, { provider: 'bluesky', name: 'Nope', settings: { service: pds.url }, credentials: { ...credentials(), app_password: 'aaaa-bbbb-cccc-dddd' } });
      expect(refused).toMatchObject({ status: 422, body: { message: 'Validation errors.', errors: { credentials: ['The provider rejected these credentials.'] } } });
      expect((await admin.get(`/api/${workspace}/accounts`)).body).toEqual({ data: [] });
    }));

  it('a post scheduled over the API ends as one record on the PDS, external_url pointing at it, and post.published delivered', () =>
    service.diagnose(async () => {
      const workspace = await approverWorkspace(admin, 'Bluesky publish');
      const account = createdBody(
        await admin.post(`/api/${workspace}/accounts`, { provider: 'bluesky', name: 'Alice on Bluesky', settings: { service: pds.url }, credentials: credentials() }),
        'connecting Bluesky',
      ).id;
      await createWebhook(admin, workspace, { url: receiver.url() });
      const before = (await recordsWithText(ORIGINAL.content[0].body)).length;

      const post = await schedulePost(admin, workspace, [account]);
      const published = await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);

      const [entry] = published.accounts;
      expect(entry).toMatchObject({ id: account, provider: 'bluesky', name: 'Alice on Bluesky', errors: [] });
      const rkey = /^https:\/\/bsky\.app\/profile\/([^/]+)\/post\/([2-7a-z]{13})$/.exec(entry.external_url ?? '');
      expect(rkey?.[1]).toBe(pds.handle);
      const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', rkey: rkey![2] });
      const record = (await (await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?${query}`)).json()) as { value: { text: string } };
      expect(record.value.text).toBe(ORIGINAL.content[0].body);
      expect(await recordsWithText(ORIGINAL.content[0].body)).toHaveLength(before + 1);

      const delivered = await receiver.waitFor(() => receiver.about(post.uuid, 'post.published')[0], LIFECYCLE_TIMEOUT_MS, 'post.published');
      expectEnvelope(delivered, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
    }));

  it('an image uploaded over the API (kept under DATA_DIR/media) is embedded in the record with its aspect ratio; the PDS holds its bytes', () =>
    service.diagnose(async () => {
      const workspace = await approverWorkspace(admin, 'Bluesky media');
      const account = createdBody(
        await admin.post(`/api/${workspace}/accounts`, { provider: 'bluesky', settings: { service: pds.url }, credentials: credentials() }),
        'connecting Bluesky',
      ).id;
      const image = pngImage(300, 200, 7);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'application/octet-stream' }), 'launch.png');
      const uploaded = await fetch(`${service.baseUrl}/api/${workspace}/media`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
      const media = (await uploaded.json()) as { id: string; mime_type: string; width: number; height: number };
      expect({ status: uploaded.status, ...media }).toMatchObject({ status: 201, mime_type: 'image/png', width: 300, height: 200 });
      expect(existsSync(join(service.dataDir, 'media', media.id))).toBe(true);

      const text = `Launch photo ${media.id}`;
      const body = { versions: [{ ...ORIGINAL, content: [{ body: text, media: [media.id] }] }], accounts: [account], scheduled_at: secondsAhead(2).toISOString(), schedule: true };
      const post = createdBody(await admin.post(`/api/${workspace}/posts`, body), 'scheduling a post with an image');
      const published = await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);

      const rkey = String(published.accounts[0].external_url).split('/').pop()!;
      const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', rkey });
      const record = (await (await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?${query}`)).json()) as {
        value: { text: string; embed: { $type: string; images: { aspectRatio: unknown; image: { ref: { $link: string } } }[] } };
      };
      expect(record.value).toMatchObject({ text, embed: { $type: 'app.bsky.embed.images', images: [{ aspectRatio: { width: 300, height: 200 } }] } });
      const blob = await fetch(`${pds.url}/xrpc/com.atproto.sync.getBlob?${new URLSearchParams({ did: pds.did, cid: record.value.embed.images[0].image.ref.$link })}`);
      expect(Buffer.from(await blob.arrayBuffer()).equals(image)).toBe(true);
    }));
});

