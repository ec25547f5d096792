import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { DeliveryView, RpcMethods, ServiceError, Topics, WebhookEventName, WebhookView } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { answerAfter, answerInTurn, ReceivedWebhook, WebhookReceiver } from '@app/testing';
import { eventuallyPasses } from '@app/testing/eventually';
import { ACME_ACCOUNTS, createdAndScheduled, DELIVERY_PATIENCE, WebhookDispatcherHarness } from './webhook-dispatcher-harness';

jest.setTimeout(30_000);

const TIMEOUT_MS = 1000;
const BACKOFF_BASE_MS = 200;

describe('webhook delivery', () => {
  let dispatcher: WebhookDispatcherHarness;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    dispatcher = await WebhookDispatcherHarness.start({
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_BACKOFF_BASE_MS: String(BACKOFF_BASE_MS),
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_MAX_RETRIES: '3',
    });
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  async function receiver(...args: Parameters<typeof WebhookReceiver.start>): Promise<WebhookReceiver> {
    const started = await WebhookReceiver.start(...args);
    receivers.push(started);
    return started;
  }

  const webhook = (scope: object, input: { url: string; events?: WebhookEventName[]; active?: boolean }) =>
    dispatcher.request<WebhookView>(RpcMethods.createWebhook, { scope, input });
  const deliveries = (workspaceUuid: string, webhookId: number) =>
    dispatcher.request<DeliveryView[]>(RpcMethods.listDeliveries, { scope: { workspaceUuid }, webhookId });

  function verified(request: ReceivedWebhook, secret: string): unknown {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
  }

  it('delivers a signed envelope for a post event, once', async () => {
    const endpoint = await receiver();
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await webhook({ workspaceUuid }, { url: endpoint.url('/hooks/secret-path') });

    const messages = await dispatcher.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid, '2026-12-01T10:30:00+01:00'));
    const [request] = await endpoint.waitForCount(1);

    expect(request.method).toBe('POST');
    expect(request.path).toBe('/hooks/secret-path');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/Webhooks/);
    expect(request.headers['x-service-event']).toBe('post.scheduled');
    expect(request.headers['x-service-signature']).toBe(request.headers['webhook-signature']);
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(verified(request, hook.secret!)).toEqual({
      event: 'post.scheduled',
      workspace_uuid: workspaceUuid,
      post: {
        uuid: postUuid,
        status: 'scheduled',
        scheduled_at: '2026-12-01T09:30:00.000Z',
        published_at: null,
        accounts: [
          { id: 1, provider: 'sandbox', name: 'Acme', external_url: null },
          { id: 2, provider: 'sandbox', name: 'Acme Two', external_url: null },
        ],
      },
      timestamp: new Date(messages[1].occurredAt).toISOString(),
    });

    const [logged] = await eventuallyPasses(async () => {
      const list = await deliveries(workspaceUuid, hook.id);
      expect(list[0].status).toBe('succeeded');
      return list;
    }, DELIVERY_PATIENCE);
    expect(logged).toMatchObject({ id: request.headers['webhook-id'], webhook_id: hook.id, event: 'post.scheduled', next_attempt_at: null });
    expect(logged.attempts).toEqual([
      { at: expect.stringMatching(/Z$/), status_code: 200, duration_ms: expect.any(Number), error: null, error_kind: null, response: 'answered 200', next_retry_at: null },
    ]);

    // The same events delivered again by the bus (at-least-once) send nothing more.
    await dispatcher.bus.publish(Topics.postEvents, messages.map((message) => ({ key: postUuid, value: message })));
    await sleep(500);
    expect(endpoint.received).toHaveLength(1);
  });

  it('sends only the events a webhook subscribed to, of its workspace, when active; system webhooks get every workspace', async () => {
    const [published, failed, inactive, foreign, panel] = await Promise.all([1, 2, 3, 4, 5].map(() => receiver()));
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    await webhook({ workspaceUuid }, { url: published.url(), events: ['post.published'] });
    await webhook({ workspaceUuid }, { url: failed.url(), events: ['post.failed'] });
    await webhook({ workspaceUuid }, { url: inactive.url(), active: false });
    await webhook({ workspaceUuid: randomUUID() }, { url: foreign.url() });
    const system = await webhook({ system: true }, { url: panel.url(), events: ['post.published'] });

    const now = new Date().toISOString();
    const publishingPost = { accounts: [ACME_ACCOUNTS[0]], status: 'publishing' as const, updated_at: now };
    const publishedPost = { ...publishingPost, status: 'published' as const, published_at: now, accounts: [{ ...ACME_ACCOUNTS[0], external_url: 'https://sandbox.local/x1', status: 'published' as const, published_at: now }] };
    const lifecycle = [
      ...createdAndScheduled(postUuid, workspaceUuid),
      samplePostEvent('post.publishing_started', { postUuid, workspaceUuid, revision: 2, post: publishingPost }),
      samplePostEvent('post.account_published', { postUuid, workspaceUuid, revision: 3, post: { ...publishedPost, status: 'publishing' } }),
      samplePostEvent('post.published', { postUuid, workspaceUuid, revision: 4, post: publishedPost }),
    ];
    await dispatcher.publishPostEvents(postUuid, lifecycle);

    const [request] = await published.waitForCount(1);
    expect(JSON.parse(request.body)).toMatchObject({
      event: 'post.published',
      post: { status: 'published', published_at: now, accounts: [{ id: 1, provider: 'sandbox', name: 'Acme', external_url: 'https://sandbox.local/x1' }] },
      timestamp: now,
    });
    expect(JSON.parse((await panel.waitForCount(1))[0].body)).toMatchObject({ event: 'post.published', workspace_uuid: workspaceUuid });
    await sleep(500);
    expect(published.received).toHaveLength(1);
    expect([failed, inactive, foreign].map((endpoint) => endpoint.received.length)).toEqual([0, 0, 0]);
    await dispatcher.request(RpcMethods.deleteWebhook, { scope: { system: true }, webhookId: system.id });
  });

  it('retries an endpoint that answers 500 three times with growing gaps, then gives up', async () => {
    const endpoint = await receiver(answerInTurn(500));
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await webhook({ workspaceUuid }, { url: endpoint.url() });
    await dispatcher.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));

    const requests = await endpoint.waitForCount(4);
    const gaps = requests.slice(1).map((request, index) => request.at - requests[index].at);
    [1, 2, 4].forEach((factor, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(BACKOFF_BASE_MS * factor * 0.9 - 10);
      expect(gaps[index]).toBeLessThanOrEqual(BACKOFF_BASE_MS * factor * 1.1 + 300);
    });
    expect(gaps[1]).toBeGreaterThan(gaps[0]);
    expect(gaps[2]).toBeGreaterThan(gaps[1]);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    requests.forEach((request) => expect(() => verified(request, hook.secret!)).not.toThrow());

    const [delivery] = await eventuallyPasses(async () => {
      const list = await deliveries(workspaceUuid, hook.id);
      expect(list[0].status).toBe('failed');
      return list;
    }, DELIVERY_PATIENCE);
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts.map((attempt) => [attempt.status_code, attempt.response])).toEqual([
      [500, 'answer 1'],
      [500, 'answer 2'],
      [500, 'answer 3'],
      [500, 'answer 4'],
    ]);
    await sleep(BACKOFF_BASE_MS * 8 * 1.2);
    expect(endpoint.received).toHaveLength(4);
  });

  it('succeeds on the third attempt after two failures, and resends on request', async () => {
    const endpoint = await receiver(answerInTurn(500, 503, 200));
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await webhook({ workspaceUuid }, { url: endpoint.url() });
    await dispatcher.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));

    await endpoint.waitForCount(3);
    const [delivery] = await eventuallyPasses(async () => {
      const list = await deliveries(workspaceUuid, hook.id);
      expect(list[0].status).toBe('succeeded');
      return list;
    }, DELIVERY_PATIENCE);
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([500, 503, 200]);

    const resent = await dispatcher.request<DeliveryView>(RpcMethods.resendDelivery, { scope: { workspaceUuid }, webhookId: hook.id, deliveryId: delivery.id });
    expect(resent.status).toBe('pending');
    const [, , , again] = await endpoint.waitForCount(4);
    expect(again.headers['webhook-id']).toBe(delivery.id);
    expect(again.body).toBe(endpoint.received[0].body);
    await eventuallyPasses(async () => expect((await deliveries(workspaceUuid, hook.id))[0].attempts).toHaveLength(4), DELIVERY_PATIENCE);

    const unknown = await dispatcher
      .request(RpcMethods.resendDelivery, { scope: { workspaceUuid }, webhookId: hook.id, deliveryId: randomUUID() })
      .catch((error: ServiceError) => error);
    expect(unknown).toMatchObject({ kind: 'not_found', message: 'Delivery not found.' });
    const elsewhere = await dispatcher
      .request(RpcMethods.listDeliveries, { scope: { workspaceUuid: randomUUID() }, webhookId: hook.id })
      .catch((error: ServiceError) => error);
    expect(elsewhere).toMatchObject({ kind: 'not_found', message: 'Webhook not found.' });
  });

  it('counts a slow answer as a failure without delaying a delivery to another endpoint', async () => {
    const slow = await receiver(answerAfter(TIMEOUT_MS * 3));
    const fast = await receiver();
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const slowHook = await webhook({ workspaceUuid }, { url: slow.url() });
    await webhook({ workspaceUuid }, { url: fast.url() });
    await dispatcher.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));

    const [slowRequest] = await slow.waitForCount(1);
    const [fastRequest] = await fast.waitForCount(1);
    expect(Math.abs(fastRequest.at - slowRequest.at)).toBeLessThan(TIMEOUT_MS / 2);

    const [attempt] = await eventuallyPasses(async () => {
      const [delivery] = await deliveries(workspaceUuid, slowHook.id);
      expect(delivery.attempts.length).toBeGreaterThan(0);
      return delivery.attempts;
    }, DELIVERY_PATIENCE);
    expect(attempt).toMatchObject({ status_code: null, response: null, error: expect.stringMatching(/Timed out/) });
    expect(attempt.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(attempt.duration_ms).toBeLessThan(TIMEOUT_MS * 2);
  });
});
