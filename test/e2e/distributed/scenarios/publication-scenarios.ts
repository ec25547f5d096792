import { ApiClient } from '../../support/api-client';
import { connectSandbox } from '../../support/fixtures';
import { WebhookReceiver } from '../../support/webhook-receiver';
import {
  approverWorkspace,
  createWebhook,
  CreatedWebhook,
  expectEnvelope,
  expectSigned,
  schedulePost,
  secondsAhead,
  UTC_TIMESTAMP,
  waitForStatus,
} from '../../lifecycle/lifecycle-fixtures';
import { adminOf, LIFECYCLE_TIMEOUT_MS, postBody, PUBLISHED_IS_FINAL, ScenarioHost, within } from './scenario-host';

/**
 * A post from scheduling to publication or failure, told by webhooks to a real endpoint; then the
 * published post is final. Registers its tests in the calling describe; `host` is read in beforeAll.
 */
export function publicationScenarios(host: () => ScenarioHost): void {
  let admin: ApiClient;
  let receiver: WebhookReceiver;
  let workspace: string;
  let webhook: CreatedWebhook;
  let first: number;
  let second: number;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    admin = adminOf(host());
    workspace = await approverWorkspace(admin, 'Publication');
    first = await connectSandbox(admin, workspace, 'First');
    second = await connectSandbox(admin, workspace, 'Second');
    webhook = await createWebhook(admin, workspace, { url: receiver.url() });
  });
  afterAll(() => receiver?.close());

  const scheduledThen = (uuid: string, last: string) =>
    receiver.waitFor(
      () => {
        const scheduled = receiver.about(uuid, 'post.scheduled')[0];
        const ended = receiver.about(uuid, last)[0];
        return scheduled && ended ? { scheduled, ended } : null;
      },
      LIFECYCLE_TIMEOUT_MS,
      `post.scheduled and ${last} of ${uuid}`,
    );

  it('published now: post.scheduled, then post.published; the post shows an external_url per account', () =>
    within(host(), async () => {
      const post = await schedulePost(admin, workspace, [first, second]);
      expect(post.status).toBe('scheduled');

      const { scheduled, ended } = await scheduledThen(post.uuid, 'post.published');
      expect(scheduled.at).toBeLessThanOrEqual(ended.at);
      expectEnvelope(scheduled, { event: 'post.scheduled', workspace, uuid: post.uuid, status: 'scheduled' });
      expectSigned(scheduled, webhook.secret);
      expectEnvelope(ended, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
      expectSigned(ended, webhook.secret);
      expect(scheduled.envelope.post.published_at).toBeNull();
      expect(ended.envelope.post.published_at).toMatch(UTC_TIMESTAMP);
      expect(ended.envelope.post.accounts).toEqual([
        { provider: 'sandbox', name: 'First' },
        { provider: 'sandbox', name: 'Second' },
      ]);

      const shown = await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);
      expect(shown.published_at).toBe(ended.envelope.post.published_at);
      expect(shown.accounts).toEqual([
        expect.objectContaining({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] }),
        expect.objectContaining({ id: second, external_url: expect.stringMatching(/^https:\/\//), errors: [] }),
      ]);
      expect(shown.accounts[0].external_url).not.toBe(shown.accounts[1].external_url);
    }));

  it('scheduled a few seconds ahead: post.scheduled at once, post.published at that time and not before', () =>
    within(host(), async () => {
      const at = secondsAhead(5);
      const post = await schedulePost(admin, workspace, [first], at);
      expect(post).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString() });

      const { scheduled, ended } = await scheduledThen(post.uuid, 'post.published');
      expect(scheduled.at).toBeLessThan(at.getTime());
      expect(scheduled.envelope.post.scheduled_at).toBe(at.toISOString());
      expectEnvelope(ended, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
      expectSigned(ended, webhook.secret);
      expect(ended.at).toBeGreaterThanOrEqual(at.getTime());
      expect(Date.parse(ended.envelope.post.published_at)).toBeGreaterThanOrEqual(at.getTime());
      await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);
    }));

  it('one of two accounts fails: post.failed and no post.published; the post shows that account errors', () =>
    within(host(), async () => {
      const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
      const post = await schedulePost(admin, workspace, [first, broken]);

      const { ended } = await scheduledThen(post.uuid, 'post.failed');
      expectEnvelope(ended, { event: 'post.failed', workspace, uuid: post.uuid, status: 'failed' });
      expectSigned(ended, webhook.secret);
      expect(ended.envelope.post.published_at).toBeNull();
      expect(receiver.about(post.uuid, 'post.published')).toEqual([]);

      const shown = await waitForStatus(admin, workspace, post.uuid, 'failed', LIFECYCLE_TIMEOUT_MS);
      const [succeeded, failed] = shown.accounts;
      expect(succeeded).toMatchObject({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] });
      expect(failed).toMatchObject({ id: broken, external_url: null, errors: [expect.stringContaining('Broken')] });
    }));

  it('a published post: update and delete are 400 with the contract message, and it stays published', () =>
    within(host(), async () => {
      const post = await schedulePost(admin, workspace, [first]);
      await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);
      const path = `/api/${workspace}/posts/${post.uuid}`;

      const updated = await admin.put(path, postBody([first]));
      expect({ status: updated.status, body: updated.body }).toEqual({ status: 400, body: { message: PUBLISHED_IS_FINAL } });
      const deleted = await admin.delete(path);
      expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 400, body: { message: PUBLISHED_IS_FINAL } });
      expect(await admin.get(path)).toMatchObject({ status: 200, body: { status: 'published' } });
    }));
}
