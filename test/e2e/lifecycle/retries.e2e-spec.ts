import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { ApiClient } from '../support/api-client';
import { connectSandbox } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { answer, failFirstAttempts, ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';
import { approverWorkspace, createWebhook, expectEnvelope, expectSigned, LIFECYCLE_ENV, schedulePost, waitForDelivery } from './lifecycle-fixtures';

jest.setTimeout(120_000);

const BACKOFF_BASE_MS = Number(LIFECYCLE_ENV.WEBHOOK_BACKOFF_BASE_MS);

describe('webhook retries, the delivery log, resending and signatures (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let account: number;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    service = await startService({ env: LIFECYCLE_ENV });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Retries');
    account = await connectSandbox(admin, workspace);
  });
  afterAll(async () => {
    await service?.dispose();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  const receiver = async (...args: Parameters<typeof WebhookReceiver.start>) => {
    const started = await WebhookReceiver.start(...args);
    receivers.push(started);
    return started;
  };
  const attemptsOfFirst = (hooks: WebhookReceiver, postUuid: string, count: number) =>
    hooks.waitFor(
      () => {
        const [first] = hooks.about(postUuid, 'post.published');
        const attempts = first ? hooks.attemptsOf(first.deliveryId) : [];
        return attempts.length >= count ? attempts : null;
      },
      30_000,
      `${count} attempts of post.published of ${postUuid}`,
    );
  const gaps = (attempts: ReceivedWebhook[]) => attempts.slice(1).map((attempt, index) => attempt.at - attempts[index].at);

  it('an endpoint that always answers 500: 1 + 3 attempts with growing gaps, then failed in the log; resend delivers it with the same webhook-id', async () => {
    const failing = await receiver(answer(500));
    const webhook = await createWebhook(admin, workspace, { url: failing.url(), events: ['post.published'] });
    const post = await schedulePost(admin, workspace, [account]);

    const attempts = await attemptsOfFirst(failing, post.uuid, 4);
    const deliveryId = attempts[0].deliveryId;
    const logged = await waitForDelivery(admin, `/api/${workspace}`, webhook.id, deliveryId, (delivery) => delivery.status === 'failed');
    expect(logged).toMatchObject({ id: deliveryId, webhook_id: webhook.id, event: 'post.published', next_attempt_at: null });
    expect(logged.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 500, 500, 500]);
    expect(logged.payload).toEqual(attempts[0].envelope);
    // Failed is final: no fifth attempt was made.
    expect(failing.attemptsOf(deliveryId)).toHaveLength(4);

    const [gap1, gap2, gap3] = gaps(attempts);
    expect(gap1).toBeGreaterThanOrEqual(BACKOFF_BASE_MS * 0.85);
    expect(gap2).toBeGreaterThan(gap1);
    expect(gap3).toBeGreaterThan(gap2);
    expect(attempts.every((attempt) => attempt.body === attempts[0].body)).toBe(true);
    attempts.forEach((attempt) => expectSigned(attempt, webhook.secret));

    failing.respondWith(answer(200));
    const resent = await admin.post(`/api/${workspace}/webhooks/${webhook.id}/deliveries/${deliveryId}/resend`);
    expect(resent.status).toBe(202);
    const again = await failing.waitFor(() => failing.attemptsOf(deliveryId)[4], 10_000, 'the resent delivery');
    expect(again.body).toBe(attempts[0].body);
    expectSigned(again, webhook.secret);
    const delivered = await waitForDelivery(admin, `/api/${workspace}`, webhook.id, deliveryId, (delivery) => delivery.status === 'succeeded');
    expect(delivered.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 500, 500, 500, 200]);
  });

  it('an endpoint that fails twice gets the delivery on the third attempt', async () => {
    const flaky = await receiver(failFirstAttempts(500, 503));
    const webhook = await createWebhook(admin, workspace, { url: flaky.url(), events: ['post.published'] });
    const post = await schedulePost(admin, workspace, [account]);

    const attempts = await attemptsOfFirst(flaky, post.uuid, 3);
    const logged = await waitForDelivery(admin, `/api/${workspace}`, webhook.id, attempts[0].deliveryId, (delivery) => delivery.status === 'succeeded');
    expect(logged.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 503, 200]);
    expect(flaky.attemptsOf(attempts[0].deliveryId)).toHaveLength(3);
    const [gap1, gap2] = gaps(attempts);
    expect(gap2).toBeGreaterThan(gap1);
  });

  it('signatures: webhook-signature verifies with the secret (standardwebhooks), X-Service-Signature equals it, webhook-id is stable', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const hooks = await receiver(failFirstAttempts(500));
    const webhook = await createWebhook(admin, workspace, { url: hooks.url(), secret });
    expect(webhook.secret).toBe(secret);
    const post = await schedulePost(admin, workspace, [account]);

    const received = await hooks.waitFor(
      () => {
        const deliveries = [...new Set(hooks.about(post.uuid).map((request) => request.deliveryId))];
        const complete = deliveries.length === 2 && deliveries.every((id) => hooks.attemptsOf(id).length === 2);
        return complete ? deliveries.map((id) => hooks.attemptsOf(id)) : null;
      },
      30_000,
      'two attempts of post.scheduled and of post.published',
    );
    for (const attempts of received) {
      const [first, second] = attempts;
      expect(second.deliveryId).toBe(first.deliveryId);
      expect(first.deliveryId).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.body).toBe(first.body);
      for (const attempt of attempts) {
        expectSigned(attempt, secret);
        expect(attempt.headers['x-service-event']).toBe(attempt.envelope.event);
        expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(attempt.body, signedHeaders(attempt))).toThrow();
        expect(() => new Webhook(secret).verify(attempt.body.replace('"post.', '"xpost.'), signedHeaders(attempt))).toThrow();
      }
    }
    expect(received.map(([first]) => first.event).sort()).toEqual(['post.published', 'post.scheduled']);
    expectEnvelope(received.find(([first]) => first.event === 'post.published')![0], { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
    for (const attempts of received) {
      const logged = await waitForDelivery(admin, `/api/${workspace}`, webhook.id, attempts[0].deliveryId, (delivery) => delivery.status === 'succeeded');
      expect(logged.event).toBe(attempts[0].event);
    }
  });
});

function signedHeaders(request: ReceivedWebhook): Record<string, string> {
  return {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
}
