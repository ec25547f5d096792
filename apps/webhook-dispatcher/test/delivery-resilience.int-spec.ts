import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeliveryView, RpcMethods, WebhookView } from '@app/contracts';
import { answerAfter, answerInTurn, WebhookReceiver } from '@app/testing';
import { eventuallyPasses } from '@app/testing/eventually';
import { createdAndScheduled, DELIVERY_PATIENCE, WebhookDispatcherHarness } from './webhook-dispatcher-harness';
import { DeliveryQueueStore } from '../src/deliver-webhooks/delivery-queue-store';
import { MAX_ATTEMPTS_PER_WEBHOOK } from '../src/deliver-webhooks/delivery-worker';

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
    endpoint = await WebhookReceiver.start(answerInTurn(500, 200));
    first = await WebhookDispatcherHarness.start(env);
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await createWebhook(first, workspaceUuid, endpoint.url());
    await first.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));
    const [failed] = await endpoint.waitForCount(1);
    await eventuallyPasses(async () => expect((await deliveries(first!, workspaceUuid, hook.id))[0].attempts).toHaveLength(1), DELIVERY_PATIENCE);

    await first.stop(false);
    second = await WebhookDispatcherHarness.start(env, first.storage);

    const [, retried] = await endpoint.waitForCount(2, backoffMs * 3);
    expect(retried.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    expect(retried.at - failed.at).toBeGreaterThanOrEqual(backoffMs * 0.9 - 10);
    expect(retried.at - failed.at).toBeLessThanOrEqual(backoffMs * 1.1 + 500);
    const [delivery] = await eventuallyPasses(async () => {
      const list = await deliveries(second!, workspaceUuid, hook.id);
      expect(list[0].status).toBe('succeeded');
      return list;
    }, DELIVERY_PATIENCE);
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
  });

  it('makes an attempt cut off by the end of the previous process again at once, not when its lease runs out', async () => {
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: '60000' };
    endpoint = await WebhookReceiver.start(answerInTurn(500, 200));
    first = await WebhookDispatcherHarness.start(env);
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await createWebhook(first, workspaceUuid, endpoint.url());
    await first.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));
    const [failed] = await endpoint.waitForCount(1);
    await eventuallyPasses(async () => expect((await deliveries(first!, workspaceUuid, hook.id))[0].attempts).toHaveLength(1), DELIVERY_PATIENCE);
    await first.stop(false);
    // As a process killed during its next attempt leaves it: claimed, with a lease far from over.
    const { db, dialect } = first.webhooks;
    await db.updateTable('deliveries').set({ due_at: dialect.now(), lease_token: 'ended-process', lease_until: dialect.nowPlusMs(3_600_000) }).execute();

    second = await WebhookDispatcherHarness.start(env, first.storage);

    const [, again] = await endpoint.waitForCount(2, 3000);
    expect(again.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    const [delivery] = await eventuallyPasses(async () => {
      const list = await deliveries(second!, workspaceUuid, hook.id);
      expect(list[0].status).toBe('succeeded');
      return list;
    }, DELIVERY_PATIENCE);
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
  });

  it('holds the retry of a deactivated webhook without polling for it, and makes it as soon as the webhook is active again', async () => {
    const backoffMs = 600;
    endpoint = await WebhookReceiver.start(answerInTurn(500, 200));
    first = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: String(backoffMs) });
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const hook = await createWebhook(first, workspaceUuid, endpoint.url());
    await first.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));
    await endpoint.waitForCount(1);
    const setActive = (active: boolean) =>
      first!.request(RpcMethods.updateWebhook, { scope: { workspaceUuid }, webhookId: hook.id, input: { active } });
    await setActive(false);
    const claims = jest.spyOn(first.get(DeliveryQueueStore), 'claimDue');

    await sleep(backoffMs * 2.5);
    expect(endpoint.received).toHaveLength(1);
    // The retry came due meanwhile: one look at the queue then, not one every few milliseconds.
    expect(claims.mock.calls.length).toBeLessThanOrEqual(2);

    const activatedAt = Date.now();
    await setActive(true);
    const [, retried] = await endpoint.waitForCount(2, 2_000);
    expect(retried.at - activatedAt).toBeLessThan(500);
  });

  it('does not poll for the due deliveries of a webhook at its limit of attempts in flight; they go as soon as a slot frees', async () => {
    const answerMs = 1500;
    endpoint = await WebhookReceiver.start(answerAfter(answerMs));
    first = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: '5000' });
    const workspaceUuid = randomUUID();
    await createWebhook(first, workspaceUuid, endpoint.url());
    const queue = first.get(DeliveryQueueStore);
    const publishPosts = async (count: number) => {
      for (let post = 0; post < count; post++) {
        const postUuid = randomUUID();
        await first!.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));
      }
    };
    // One at a time, as their events come: every slot of the webhook busy with an attempt that answers late.
    await publishPosts(MAX_ATTEMPTS_PER_WEBHOOK);
    await endpoint.waitForCount(MAX_ATTEMPTS_PER_WEBHOOK);
    const total = MAX_ATTEMPTS_PER_WEBHOOK + 4;
    await publishPosts(total - MAX_ATTEMPTS_PER_WEBHOOK);
    await eventuallyPasses(async () => expect((await first!.webhooks.db.selectFrom('deliveries').select('id').execute()).length).toBe(total), DELIVERY_PATIENCE);
    const claims = jest.spyOn(queue, 'claimDue');
    const looks = jest.spyOn(queue, 'msUntilNextDue');

    // 4 deliveries are due, but their webhook is at its limit: nothing to claim until an answer comes.
    await sleep(answerMs * 0.4);
    expect(endpoint.received).toHaveLength(MAX_ATTEMPTS_PER_WEBHOOK);
    expect(claims.mock.calls.length).toBeLessThanOrEqual(1);
    expect(looks.mock.calls.length).toBeLessThanOrEqual(1);

    await endpoint.waitForCount(total, answerMs * 2);
  });

  it('refuses at delivery time an address that is not public when private URLs are not allowed', async () => {
    endpoint = await WebhookReceiver.start();
    first = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    const workspaceUuid = randomUUID();
    const postUuid = randomUUID();
    const literal = await createWebhook(first, workspaceUuid, endpoint.url());
    const named = await createWebhook(first, workspaceUuid, `http://localhost:${endpoint.port}/hook`);
    await first.stop(false);

    second = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false', WEBHOOK_MAX_RETRIES: '0' }, first.storage);
    await second.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));

    for (const hook of [literal, named]) {
      const [delivery] = await eventuallyPasses(async () => {
        const list = await deliveries(second!, workspaceUuid, hook.id);
        expect(list[0]?.status).toBe('failed');
        return list;
      }, DELIVERY_PATIENCE);
      expect(delivery.attempts).toEqual([expect.objectContaining({ status_code: null, error: expect.stringMatching(/a loopback address$/) })]);
    }
    await sleep(200);
    expect(endpoint.received).toHaveLength(0);
  });
});
