import { randomUUID } from 'node:crypto';
import { DeliveryView, RpcMethods, WebhookView } from '@app/contracts';
import { eventually, sleep } from '../testing/eventually';
import { createdAndScheduled, WebhookDispatcherHarness } from '../testing/webhook-dispatcher-harness';
import { answerWith, WebhookReceiver } from '../testing/webhook-receiver';

jest.setTimeout(30_000);

/** Two dispatchers one after the other on one database, as across a restart or a config change. */
describe('webhook delivery across restarts', () => {
  let first: WebhookDispatcherHarness | undefined;
  let second: WebhookDispatcherHarness | undefined;
  let endpoint: WebhookReceiver | undefined;

  afterEach(async () => {
    await second?.stop(false);
    await first?.stop(true);
    await endpoint?.close();
    first = second = endpoint = undefined;
  });

  const createWebhook = (dispatcher: WebhookDispatcherHarness, workspaceUuid: string, url: string) =>
    dispatcher.request<WebhookView>(RpcMethods.createWebhook, { scope: { workspaceUuid }, input: { url } });
  const deliveries = (dispatcher: WebhookDispatcherHarness, workspaceUuid: string, webhookId: number) =>
    dispatcher.request<DeliveryView[]>(RpcMethods.listDeliveries, { scope: { workspaceUuid }, webhookId });

  it('resumes a pending retry on time after a restart', async () => {
    const backoffMs = 1500;
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: String(backoffMs) };
    endpoint = await WebhookReceiver.start(answerWith(500, 200));
    first = await WebhookDispatcherHarness.start(env);
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await createWebhook(first, workspaceUuid, endpoint.url());
    await first.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));
    const [failed] = await endpoint.waitForRequests(1);
    await eventually(async () => expect((await deliveries(first!, workspaceUuid, hook.id))[0].attempts).toHaveLength(1));

    await first.stop(false);
    second = await WebhookDispatcherHarness.start(env, first.sql);

    const [, retried] = await endpoint.waitForRequests(2, backoffMs * 3);
    expect(retried.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    expect(retried.at - failed.at).toBeGreaterThanOrEqual(backoffMs * 0.9 - 10);
    expect(retried.at - failed.at).toBeLessThanOrEqual(backoffMs * 1.1 + 500);
    const [delivery] = await eventually(async () => {
      const list = await deliveries(second!, workspaceUuid, hook.id);
      expect(list[0].status).toBe('succeeded');
      return list;
    });
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
  });

  it('makes an attempt cut off by the end of the previous process again at once, not when its lease runs out', async () => {
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: '60000' };
    endpoint = await WebhookReceiver.start(answerWith(500, 200));
    first = await WebhookDispatcherHarness.start(env);
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await createWebhook(first, workspaceUuid, endpoint.url());
    await first.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));
    const [failed] = await endpoint.waitForRequests(1);
    await eventually(async () => expect((await deliveries(first!, workspaceUuid, hook.id))[0].attempts).toHaveLength(1));
    await first.stop(false);
    // As a process killed during its next attempt leaves it: claimed, with a lease far from over.
    await first.sql.query(
      `UPDATE webhooks.deliveries SET next_attempt_at = now(), lease_token = 'ended-process', lease_until = now() + interval '1 hour'`,
    );

    second = await WebhookDispatcherHarness.start(env, first.sql);

    const [, again] = await endpoint.waitForRequests(2, 3000);
    expect(again.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    const [delivery] = await eventually(async () => {
      const list = await deliveries(second!, workspaceUuid, hook.id);
      expect(list[0].status).toBe('succeeded');
      return list;
    });
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
  });

  it('refuses at delivery time an address that is not public when private URLs are not allowed', async () => {
    endpoint = await WebhookReceiver.start();
    first = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const literal = await createWebhook(first, workspaceUuid, endpoint.url());
    const named = await createWebhook(first, workspaceUuid, `http://localhost:${endpoint.port}/hook`);
    await first.stop(false);

    second = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false', WEBHOOK_MAX_RETRIES: '0' }, first.sql);
    await second.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));

    for (const hook of [literal, named]) {
      const [delivery] = await eventually(async () => {
        const list = await deliveries(second!, workspaceUuid, hook.id);
        expect(list[0]?.status).toBe('failed');
        return list;
      });
      expect(delivery.attempts).toEqual([expect.objectContaining({ status_code: null, error: expect.stringMatching(/a loopback address$/) })]);
    }
    await sleep(200);
    expect(endpoint.requests).toHaveLength(0);
  });
});
