import { randomUUID } from 'node:crypto';
import { FaultProxy } from '@test/providers/support/fault-proxy';
import { describeWithLocalPds, LocalPds, startLocalPds } from '@test/providers/bluesky/local-pds';
import { memorySession } from '@test/providers/support/memory-session';
import { threadScenarios, ThreadTarget } from '@test/providers/support/thread-scenarios';
import { pngMedia, providerScenarios, request, sampleMedia } from '@test/providers/support/provider-scenarios';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { BlueskyProvider } from './bluesky-provider';

// Starting a local platform server (a PDS and its PLC directory for Bluesky) takes seconds on a loaded machine.
jest.setTimeout(60_000);

/** Bluesky against a real PDS and PLC directory (`@atproto/dev-env`), through a proxy that can inject failures. */
describeWithLocalPds('BlueskyProvider against a local PDS', () => {
  let pds: LocalPds;
  let proxy: FaultProxy;
  let bluesky: BlueskyProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    pds = await startLocalPds();
    proxy = await FaultProxy.start(pds.url);
    // The whole exchange with the local PDS (a process of its own, on a shared machine) within 4 s; the
    // timeout scenario waits that long once.
    bluesky = new BlueskyProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 4_000 }));
  });
  afterAll(async () => {
    await proxy?.stop();
    await pds?.stop();
  });

  const credentials = () => ({ identifier: pds.handle, app_password: pds.appPassword });
  const settings = () => ({ service: proxy.url });

  async function connection(): Promise<ProviderConnection> {
    const verified = await bluesky.verify(settings(), credentials());
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials: credentials(), session: memorySession(verified.account.session) };
  }

  interface PostRecord {
    uri: string;
    value: {
      text: string;
      facets?: unknown[];
      embed?: { $type: string; images?: { image: { ref: { $link: string } }; aspectRatio?: unknown }[] };
      reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } };
    };
  }

  async function records(): Promise<PostRecord[]> {
    const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', limit: '100' });
    const response = await fetch(`${pds.url}/xrpc/com.atproto.repo.listRecords?${query}`);
    return ((await response.json()) as { records: PostRecord[] }).records;
  }

  /** A blob of the account's repository, as the PDS serves it (`com.atproto.sync.getBlob`). */
  async function blob(cid: string): Promise<Buffer> {
    const response = await fetch(`${pds.url}/xrpc/com.atproto.sync.getBlob?${new URLSearchParams({ did: pds.did, cid })}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  /** The posts with images: each one's text and its images' bytes. */
  async function postsWithImages(): Promise<{ text: string; files: Buffer[] }[]> {
    const withImages = (await records()).filter((record) => record.value.embed?.$type === 'app.bsky.embed.images');
    return Promise.all(withImages.map(async (record) => ({ text: record.value.text, files: await Promise.all((record.value.embed?.images ?? []).map((image) => blob(image.image.ref.$link))) })));
  }

  const target = (): ThreadTarget => ({
    provider: bluesky,
    proxy,
    publishPath: /com\.atproto\.repo\.createRecord/,
    connection,
    refusedConnection: async () => ({ accountId: nextAccount++, settings: settings(), credentials: { ...credentials(), app_password: 'wrong-wrong-wrong-wrong' }, session: memorySession() }),
    overLimit: { text: 'é'.repeat(301), message: /maximum 300/ },
    rateLimitHeaders: (seconds) => ({ 'ratelimit-limit': '30', 'ratelimit-remaining': '0', 'ratelimit-reset': String(Math.ceil(Date.now() / 1000) + seconds), 'ratelimit-policy': '30;w=300' }),
    publishedTexts: async () => (await records()).map((record) => record.value.text),
    publishedMedia: postsWithImages,
    threadOf: async () => (await records()).map((record) => ({ id: record.uri, text: record.value.text, replyTo: record.value.reply?.parent.uri ?? null })),
  });

  describe('the scenarios of every provider', () => providerScenarios(target));
  describe('a version published as a thread', () => threadScenarios(target));

  it('verifies an app password and reports the handle, display name and picture, with a session to keep', async () => {
    const verified = await bluesky.verify(settings(), credentials());
    expect(verified).toEqual({
      kind: 'verified',
      account: {
        username: pds.handle,
        name: 'Alice Example',
        avatarUrl: `${proxy.url}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(pds.did)}&cid=${pds.avatarCid}`,
        settings: { service: proxy.url },
        session: { did: pds.did, handle: pds.handle, accessJwt: expect.any(String), refreshJwt: expect.any(String) },
      },
    });
    // The address serves the picture: the PDS answers the blob.
    const picture = await fetch((verified as { account: { avatarUrl: string } }).account.avatarUrl);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('refuses a wrong app password as credentials to connect again', async () => {
    expect(await bluesky.verify(settings(), { ...credentials(), app_password: 'nope-nope-nope-nope' })).toMatchObject({ kind: 'reauthorize' });
  });

  it('publishes a post record with its links as facets, at the address bsky.app shows it', async () => {
    const account = await connection();
    const text = `Read https://example.com/launch today ${randomUUID()}`;
    const outcome = await bluesky.publish(request(account, text));
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);
    const rkey = outcome.externalId.split('/').pop();
    expect(outcome.externalId).toBe(`at://${pds.did}/app.bsky.feed.post/${rkey}`);
    expect(outcome.externalUrl).toBe(`https://bsky.app/profile/${pds.handle}/post/${rkey}`);

    const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', rkey: rkey! });
    const record = (await (await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?${query}`)).json()) as { value: Record<string, unknown> };
    expect(record.value).toMatchObject({
      text,
      facets: [{ index: { byteStart: 5, byteEnd: 31 }, features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/launch' }] }],
    });
  });

  it('uses the kept session without logging in again, refreshes a refused access token once and keeps the new session', async () => {
    const account = await connection();
    const session = account.session as ReturnType<typeof memorySession>;
    proxy.seen.length = 0;
    expect(await bluesky.publish(request(account, `With the kept session ${randomUUID()}`))).toMatchObject({ kind: 'published' });
    expect(proxy.seen.filter((line) => line.includes('createSession'))).toEqual([]);

    session.current = { ...session.current!, accessJwt: 'expired-or-revoked' };
    const refreshJwt = session.current.refreshJwt;
    expect(await bluesky.publish(request(account, `After a refresh ${randomUUID()}`))).toMatchObject({ kind: 'published' });
    expect(proxy.seen.filter((line) => line.includes('refreshSession'))).toHaveLength(1);
    expect(proxy.seen.filter((line) => line.includes('createSession'))).toEqual([]);
    expect(session.current.accessJwt).not.toBe('expired-or-revoked');
    expect(session.current.refreshJwt).not.toBe(refreshJwt);
  });

  it('keeps the session when the refresh fails for a passing reason, and tries again later', async () => {
    const account = await connection();
    const session = account.session as ReturnType<typeof memorySession>;
    session.current = { ...session.current!, accessJwt: 'expired-or-revoked' };
    const kept = { ...session.current };
    proxy.failNext(/refreshSession/, { answer: { status: 502, body: { error: 'UpstreamFailure', message: 'Bad gateway' } } });
    expect(await bluesky.publish(request(account, 'Not yet'))).toMatchObject({ kind: 'retry_later' });
    expect(session.current).toEqual(kept);
  });

  it('logs in again with the app password when the refresh token is refused, and asks to reconnect only when that is refused too', async () => {
    const account = await connection();
    const session = account.session as ReturnType<typeof memorySession>;
    session.current = { ...session.current!, accessJwt: 'bad-access', refreshJwt: 'bad-refresh' };
    expect(await bluesky.publish(request(account, `After a new login ${randomUUID()}`))).toMatchObject({ kind: 'published' });

    session.current = { ...session.current, accessJwt: 'bad-access', refreshJwt: 'bad-refresh' };
    const revoked = { ...account, credentials: { ...account.credentials, app_password: 'revoked-revoked-revoked' } };
    expect(await bluesky.publish(request(revoked, 'Never'))).toMatchObject({ kind: 'reauthorize' });
  });

  it('embeds up to 4 images as blobs with their aspect ratios; a video, a fifth image or one over 1,000,000 bytes is refused before anything is sent', async () => {
    const account = await connection();
    const text = `Two images ${randomUUID()}`;
    const [wide, tall] = [pngMedia(160, 90), pngMedia(30, 40)];
    const outcome = await bluesky.publish(request(account, text, undefined, [wide, tall]));
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);
    const record = (await records()).find((published) => published.value.text === text)!;
    expect(record.value.embed).toMatchObject({
      $type: 'app.bsky.embed.images',
      images: [
        { alt: '', aspectRatio: { width: 160, height: 90 }, image: { $type: 'blob', mimeType: 'image/png', size: wide.bytes.length } },
        { alt: '', aspectRatio: { width: 30, height: 40 }, image: { $type: 'blob', mimeType: 'image/png', size: tall.bytes.length } },
      ],
    });
    expect((await postsWithImages()).find((post) => post.text === text)?.files).toEqual([wide.bytes, tall.bytes]);

    proxy.seen.length = 0;
    const video = { ...pngMedia(2, 2), mimeType: 'video/mp4', width: null, height: null };
    expect(await bluesky.publish(request(account, 'A clip', undefined, [video]))).toEqual({ kind: 'rejected', message: 'Bluesky posts take images only here, not videos.' });
    expect(await bluesky.publish(request(account, 'Five', undefined, [1, 2, 3, 4, 5].map(() => pngMedia(2, 2))))).toEqual({ kind: 'rejected', message: 'A Bluesky post takes at most 4 images.' });
    const large = sampleMedia(Buffer.alloc(1_000_001), { mimeType: 'image/png', width: 2, height: 2 });
    expect(await bluesky.publish(request(account, 'Large', undefined, [large]))).toMatchObject({ kind: 'rejected', message: expect.stringContaining('at most 1000000 bytes') });
    expect(proxy.seen).toEqual([]);
  });

  it('deletes a published post', async () => {
    const account = await connection();
    const text = `To be deleted ${randomUUID()}`;
    const outcome = await bluesky.publish(request(account, text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await bluesky.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect((await records()).map((record) => record.value.text)).not.toContain(text);
  });

  it('refuses a PDS on a loopback address unless private URLs are allowed', async () => {
    const guarded = new BlueskyProvider(new ProviderHttp({ allowPrivateUrls: false, timeoutMs: 1_500 }));
    expect(await guarded.verify({ service: proxy.url }, credentials())).toMatchObject({ kind: 'rejected', message: expect.stringContaining('loopback') });
  });
});
