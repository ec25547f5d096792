import { ApiClient } from '../support/api-client';
import { connectSandbox } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { WebhookReceiver } from '../support/webhook-receiver';
import {
  approverWorkspace,
  createWebhook,
  CreatedWebhook,
  expectEnvelope,
  expectSigned,
  LIFECYCLE_ENV,
  ORIGINAL,
  schedulePost,
  secondsAhead,
  UTC_TIMESTAMP,
  waitForStatus,
} from './lifecycle-fixtures';

jest.setTimeout(120_000);

const PUBLISHED_IS_FINAL = 'A published post cannot be edited or deleted. Create a new post instead.';

describe('a post from scheduling to publication, told by webhooks (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let receiver: WebhookReceiver;
  let workspace: string;
  let webhook: CreatedWebhook;
  let first: number;
  let second: number;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({ env: LIFECYCLE_ENV });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Publication');
    first = await connectSandbox(admin, workspace, 'First');
    second = await connectSandbox(admin, workspace, 'Second');
    webhook = await createWebhook(admin, workspace, { url: receiver.url() });
  });
  afterAll(async () => {
    await service?.dispose();
    await receiver?.close();
  });

  const lifecycleOf = (uuid: string, last: string) =>
    receiver.waitFor(
      () => {
        const scheduled = receiver.about(uuid, 'post.scheduled')[0];
        const ended = receiver.about(uuid, last)[0];
        return scheduled && ended ? { scheduled, ended } : null;
      },
      30_000,
      `post.scheduled and ${last} of ${uuid}`,
    );

  it('published now: post.scheduled, then post.published with published_at; the post shows each account external_url', async () => {
    const before = Date.now();
    const post = await schedulePost(admin, workspace, [first, second]);
    expect(post.status).toBe('scheduled');

    const { scheduled, ended } = await lifecycleOf(post.uuid, 'post.published');
    expect(scheduled.at).toBeLessThanOrEqual(ended.at);
    expectEnvelope(scheduled, { event: 'post.scheduled', workspace, uuid: post.uuid, status: 'scheduled' });
    expectEnvelope(ended, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
    expect(scheduled.envelope.post.published_at).toBeNull();
    expect(ended.envelope.post.accounts).toEqual([
      { provider: 'sandbox', name: 'First' },
      { provider: 'sandbox', name: 'Second' },
    ]);
    expect(ended.envelope.post.published_at).toMatch(UTC_TIMESTAMP);
    expect(Date.parse(ended.envelope.post.published_at)).toBeGreaterThanOrEqual(Date.parse(ended.envelope.post.scheduled_at));
    expect(Date.parse(scheduled.envelope.post.scheduled_at)).toBeGreaterThanOrEqual(before - 1000);
    expectSigned(scheduled, webhook.secret);
    expectSigned(ended, webhook.secret);

    const shown = await waitForStatus(admin, workspace, post.uuid, 'published');
    expect(shown.published_at).toBe(ended.envelope.post.published_at);
    expect(shown.accounts).toEqual([
      expect.objectContaining({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] }),
      expect.objectContaining({ id: second, external_url: expect.stringMatching(/^https:\/\//), errors: [] }),
    ]);
    expect(shown.accounts[0].external_url).not.toBe(shown.accounts[1].external_url);
  });

  it('scheduled a few seconds ahead (scheduled_at with seconds and an offset): published at that time, not before', async () => {
    const at = secondsAhead(4);
    const post = await schedulePost(admin, workspace, [first], at);
    expect(post).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString() });

    const { scheduled, ended } = await lifecycleOf(post.uuid, 'post.published');
    expectEnvelope(scheduled, { event: 'post.scheduled', workspace, uuid: post.uuid, status: 'scheduled' });
    expect(scheduled.envelope.post.scheduled_at).toBe(at.toISOString());
    expect(scheduled.at).toBeLessThan(at.getTime());
    expectEnvelope(ended, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
    expect(ended.envelope.post.scheduled_at).toBe(at.toISOString());
    expect(Date.parse(ended.envelope.post.published_at)).toBeGreaterThanOrEqual(at.getTime());
    expect(ended.at).toBeGreaterThanOrEqual(at.getTime());

    const shown = await waitForStatus(admin, workspace, post.uuid, 'published');
    expect(shown).toMatchObject({ scheduled_at: at.toISOString(), published_at: ended.envelope.post.published_at });
    expect(shown.accounts).toEqual([expect.objectContaining({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] })]);
  });

  it('one of two accounts fails: post.failed, and the post shows that account errors', async () => {
    const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
    const post = await schedulePost(admin, workspace, [first, broken]);

    const { ended } = await lifecycleOf(post.uuid, 'post.failed');
    expectEnvelope(ended, { event: 'post.failed', workspace, uuid: post.uuid, status: 'failed' });
    expect(ended.envelope.post.published_at).toBeNull();
    expect(ended.envelope.post.accounts).toEqual([
      { provider: 'sandbox', name: 'First' },
      { provider: 'sandbox', name: 'Broken' },
    ]);
    expect(receiver.about(post.uuid, 'post.published')).toEqual([]);

    const shown = await waitForStatus(admin, workspace, post.uuid, 'failed');
    expect(shown.published_at).toBeNull();
    const [succeeded, failed] = shown.accounts;
    expect(succeeded).toMatchObject({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] });
    expect(failed).toMatchObject({ id: broken, external_url: null, errors: [expect.stringContaining('Broken')] });
  });

  it('a published post: update and delete are 400 with the contract message, and it stays published', async () => {
    const post = await schedulePost(admin, workspace, [first]);
    await waitForStatus(admin, workspace, post.uuid, 'published');
    const path = `/api/${workspace}/posts/${post.uuid}`;

    expect(await admin.put(path, { versions: [ORIGINAL], accounts: [first] })).toMatchObject({ status: 400, body: { message: PUBLISHED_IS_FINAL } });
    expect((await admin.put(path, { versions: [ORIGINAL], accounts: [first] })).body).toEqual({ message: PUBLISHED_IS_FINAL });
    expect(await admin.delete(path)).toMatchObject({ status: 400, body: { message: PUBLISHED_IS_FINAL } });
    expect(await admin.get(path)).toMatchObject({ status: 200, body: { status: 'published' } });
  });
});
