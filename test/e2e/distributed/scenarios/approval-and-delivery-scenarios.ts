import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from '../../support/api-client';
import { addMember, connectSandbox, createUser } from '../../support/fixtures';
import { answer, WebhookReceiver } from '../../support/webhook-receiver';
import {
  approverWorkspace,
  createWebhook,
  expectEnvelope,
  expectSigned,
  schedulePost,
  waitForDelivery,
  waitForStatus,
} from '../../lifecycle/lifecycle-fixtures';
import { adminOf, LIFECYCLE_TIMEOUT_MS, ScenarioHost, within } from './scenario-host';

/** The service's WEBHOOK_BACKOFF_BASE_MS and WEBHOOK_MAX_RETRIES, as the host was started with. */
export interface DeliverySettings {
  backoffBaseMs: number;
  maxRetries: number;
}

/** Approval by another member, retries of a failing endpoint, and event subscriptions. */
export function approvalAndDeliveryScenarios(host: () => ScenarioHost, settings: DeliverySettings): void {
  let admin: ApiClient;
  let receiver: WebhookReceiver;
  let failing: WebhookReceiver;

  beforeAll(async () => {
    [receiver, failing] = await Promise.all([WebhookReceiver.start(), WebhookReceiver.start(answer(500))]);
    admin = adminOf(host());
  });
  afterAll(() => Promise.all([receiver?.close(), failing?.close()]));

  it('a member without can_approve: needs_approval, 403 on approving it, then post.approved by an approver and publication', () =>
    within(host(), async () => {
      const workspace = await approverWorkspace(admin, 'Approval');
      const account = await connectSandbox(admin, workspace, 'Reviewed');
      const webhook = await createWebhook(admin, workspace, { url: receiver.url('/approval') });
      const author = await createUser(admin, `author-${Date.now()}@example.com`);
      await addMember(admin, workspace, author.id, 'member', false);

      const post = await schedulePost(author.api, workspace, [account]);
      expect(post.status).toBe('needs_approval');
      const refused = await author.api.post(`/api/${workspace}/posts/${post.uuid}/approve`);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { message: 'This action is unauthorized.' } });
      expect((await admin.get(`/api/${workspace}/posts/${post.uuid}`)).body.status).toBe('needs_approval');

      const approved = await admin.post(`/api/${workspace}/posts/${post.uuid}/approve`);
      expect(approved).toMatchObject({ status: 200, body: { uuid: post.uuid, status: 'scheduled' } });

      const { approval, publication } = await receiver.waitFor(
        () => {
          const [approval] = receiver.about(post.uuid, 'post.approved');
          const [publication] = receiver.about(post.uuid, 'post.published');
          return approval && publication ? { approval, publication } : null;
        },
        LIFECYCLE_TIMEOUT_MS,
        `post.approved and post.published of ${post.uuid}`,
      );
      expectEnvelope(approval, { event: 'post.approved', workspace, uuid: post.uuid, status: 'scheduled' });
      expectEnvelope(publication, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
      expectSigned(approval, webhook.secret);
      expectSigned(publication, webhook.secret);
      expect(approval.at).toBeLessThanOrEqual(publication.at);
      await waitForStatus(admin, workspace, post.uuid, 'published', LIFECYCLE_TIMEOUT_MS);
    }));

  it(`an endpoint that always answers 500: 1 + ${settings.maxRetries} attempts of one delivery, the gaps growing, then failed in the log`, () =>
    within(host(), async () => {
      const workspace = await approverWorkspace(admin, 'Retries');
      const account = await connectSandbox(admin, workspace, 'Retried');
      const webhook = await createWebhook(admin, workspace, { url: failing.url('/always-500'), events: ['post.published'] });
      const post = await schedulePost(admin, workspace, [account]);
      const attempts = settings.maxRetries + 1;
      const nominalTotal = settings.backoffBaseMs * (2 ** settings.maxRetries - 1);

      const seen = await failing.waitFor(
        () => {
          const requests = failing.about(post.uuid, 'post.published');
          return requests.length >= attempts ? requests : null;
        },
        LIFECYCLE_TIMEOUT_MS + nominalTotal * 2,
        `${attempts} attempts of post.published of ${post.uuid}`,
      );
      expect(new Set(seen.map((request) => request.deliveryId)).size).toBe(1);
      const gaps = seen.slice(1).map((request, index) => request.at - seen[index].at);
      gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(0.85 * settings.backoffBaseMs * 2 ** index));
      gaps.slice(1).forEach((gap, index) => expect(gap).toBeGreaterThan(gaps[index]));

      const delivery = await waitForDelivery(admin, `/api/${workspace}`, webhook.id, seen[0].deliveryId, (logged) => logged.status === 'failed');
      expect(delivery.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual(Array(attempts).fill(500));
      // Past twice the last gap, still no further attempt.
      await sleep(2 * settings.backoffBaseMs * 2 ** (settings.maxRetries - 1));
      expect(failing.about(post.uuid, 'post.published')).toHaveLength(attempts);
    }));

  it('webhooks get only the events they subscribed to', () =>
    within(host(), async () => {
      const workspace = await approverWorkspace(admin, 'Subscriptions');
      const good = await connectSandbox(admin, workspace, 'Good');
      const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
      await createWebhook(admin, workspace, { url: receiver.url('/published-only'), events: ['post.published'] });
      await createWebhook(admin, workspace, { url: receiver.url('/failed-only'), events: ['post.failed'] });
      await createWebhook(admin, workspace, { url: receiver.url('/everything') });
      const published = await schedulePost(admin, workspace, [good]);
      const failed = await schedulePost(admin, workspace, [broken]);

      // One line per delivery: a redelivered attempt (same webhook-id) is not a second event.
      const summary = (path: string) => {
        const deliveries = new Map<string, string>();
        for (const request of receiver.received) {
          if (request.path !== path || request.envelope?.workspace_uuid !== workspace) continue;
          deliveries.set(request.deliveryId, `${request.envelope.event} ${request.envelope.post.uuid}`);
        }
        return [...deliveries.values()].sort();
      };
      const ended = [`post.failed ${failed.uuid}`, `post.published ${published.uuid}`];
      // The deliveries of one event to all webhooks are queued together: once the catch-all has both endings, the others are queued too.
      await receiver.waitFor(() => ended.every((line) => summary('/everything').includes(line)), LIFECYCLE_TIMEOUT_MS, 'both endings at /everything');
      await receiver.waitFor(
        () => summary('/published-only').length > 0 && summary('/failed-only').length > 0,
        LIFECYCLE_TIMEOUT_MS,
        'a delivery at each filtered webhook',
      );
      await sleep(1_000);

      expect(summary('/published-only')).toEqual([`post.published ${published.uuid}`]);
      expect(summary('/failed-only')).toEqual([`post.failed ${failed.uuid}`]);
      expect(summary('/everything')).toEqual([...ended, `post.scheduled ${failed.uuid}`, `post.scheduled ${published.uuid}`].sort());
    }));
}
