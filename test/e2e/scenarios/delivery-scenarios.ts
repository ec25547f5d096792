import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { approverWorkspace, connectSandbox } from '../support/fixtures';
import { answer, failFirstAttempts, ReceivedWebhook, WebhookReceiver } from '@app/testing';
import {
  createWebhook,
  expectEnvelope,
  expectSigned,
  LIFECYCLE_DELIVERY,
  LIFECYCLE_TIMEOUT_MS,
  schedulePost,
  signatureHeaders,
  statusCodes,
  waitForDelivery,
} from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const { backoffBaseMs, maxRetries, defaultTimeoutMs } = LIFECYCLE_DELIVERY;
const SLOW_ANSWER_MS = defaultTimeoutMs + 1000;

/** Webhook delivery: retries and their backoff, the delivery log, resending, signatures, a slow endpoint. */
export const deliveryScenarios: Scenario[] = [
  {
    title: `an endpoint that always answers 500: 1 + ${maxRetries} attempts of one delivery with growing gaps, then failed in the log; resend delivers it with the same webhook-id`,
    run: alwaysFailingEndpoint,
  },
  { title: 'an endpoint that fails twice gets the delivery on the third attempt', run: endpointFailingTwice },
  {
    title: 'signatures: webhook-signature verifies with the secret (standardwebhooks), X-Service-Signature equals it, webhook-id is stable',
    run: signatures,
  },
  {
    title: `with the default webhook timeout, a ${SLOW_ANSWER_MS / 1000}-second answer is a failure and is retried, and does not delay the delivery to a fast endpoint`,
    run: slowEndpoint,
  },
];

/** A workspace with one sandbox account, and the path of its API. */
async function workspaceWithAccount({ admin }: ScenarioContext, name: string) {
  const workspace = await approverWorkspace(admin, name);
  return { workspace, account: await connectSandbox(admin, workspace), base: `/api/${workspace}` };
}

/** Every request of post.published about the post, once there are `count`. */
const publishedRequests = (receiver: WebhookReceiver, postUuid: string, count: number, timeoutMs = LIFECYCLE_TIMEOUT_MS) =>
  receiver.waitFor(
    () => {
      const requests = receiver.about(postUuid, 'post.published');
      return requests.length >= count ? requests : null;
    },
    timeoutMs,
    `${count} attempts of post.published of ${postUuid}`,
  );

const gapsBetween = (attempts: ReceivedWebhook[]) => attempts.slice(1).map((attempt, index) => attempt.at - attempts[index].at);

async function alwaysFailingEndpoint(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const failing = await context.openReceiver(answer(500));
  const { workspace, account, base } = await workspaceWithAccount(context, 'Retries');
  const webhook = await createWebhook(admin, workspace, { url: failing.url(), events: ['post.published'] });
  const post = await schedulePost(admin, workspace, [account]);
  const count = 1 + maxRetries;
  const nominalBackoff = backoffBaseMs * (2 ** maxRetries - 1);

  const attempts = await publishedRequests(failing, post.uuid, count, LIFECYCLE_TIMEOUT_MS + nominalBackoff * 2);
  const deliveryId = attempts[0].deliveryId;
  expect(new Set(attempts.map((attempt) => attempt.deliveryId))).toEqual(new Set([deliveryId]));
  const logged = await waitForDelivery(admin, base, webhook.id, deliveryId, (delivery) => delivery.status === 'failed');
  expect(logged).toMatchObject({ id: deliveryId, webhook_id: webhook.id, event: 'post.published', next_attempt_at: null });
  expect(statusCodes(logged)).toEqual(Array(count).fill(500));
  expect(logged.payload).toEqual(attempts[0].envelope);

  const gaps = gapsBetween(attempts);
  gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(0.85 * backoffBaseMs * 2 ** index));
  gaps.slice(1).forEach((gap, index) => expect(gap).toBeGreaterThan(gaps[index]));
  expect(attempts.every((attempt) => attempt.body === attempts[0].body)).toBe(true);
  attempts.forEach((attempt) => expectSigned(attempt, webhook.secret));
  // Failed is final: past twice the last gap, still no further attempt.
  await sleep(2 * backoffBaseMs * 2 ** (maxRetries - 1));
  expect(failing.about(post.uuid, 'post.published')).toHaveLength(count);

  failing.respondWith(answer(200));
  const resent = await admin.post(`${base}/webhooks/${webhook.id}/deliveries/${deliveryId}/resend`);
  expect(resent.status).toBe(202);
  const again = await failing.waitFor(() => failing.attemptsOf(deliveryId)[count], LIFECYCLE_TIMEOUT_MS, 'the resent delivery');
  expect(again.body).toBe(attempts[0].body);
  expectSigned(again, webhook.secret);
  const delivered = await waitForDelivery(admin, base, webhook.id, deliveryId, (delivery) => delivery.status === 'succeeded');
  expect(statusCodes(delivered)).toEqual([...Array(count).fill(500), 200]);
}

async function endpointFailingTwice(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const flaky = await context.openReceiver(failFirstAttempts(500, 503));
  const { workspace, account, base } = await workspaceWithAccount(context, 'Flaky');
  const webhook = await createWebhook(admin, workspace, { url: flaky.url(), events: ['post.published'] });
  const post = await schedulePost(admin, workspace, [account]);

  const attempts = await publishedRequests(flaky, post.uuid, 3);
  const logged = await waitForDelivery(admin, base, webhook.id, attempts[0].deliveryId, (delivery) => delivery.status === 'succeeded');
  expect(statusCodes(logged)).toEqual([500, 503, 200]);
  expect(flaky.attemptsOf(attempts[0].deliveryId)).toHaveLength(3);
  const [gap1, gap2] = gapsBetween(attempts);
  expect(gap2).toBeGreaterThan(gap1);
}

async function signatures(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const hooks = await context.openReceiver(failFirstAttempts(500));
  const { workspace, account, base } = await workspaceWithAccount(context, 'Signatures');
  const webhook = await createWebhook(admin, workspace, { url: hooks.url(), secret });
  expect(webhook.secret).toBe(secret);
  const post = await schedulePost(admin, workspace, [account]);

  const received = await hooks.waitFor(
    () => {
      const deliveries = [...new Set(hooks.about(post.uuid).map((request) => request.deliveryId))];
      const complete = deliveries.length === 2 && deliveries.every((id) => hooks.attemptsOf(id).length === 2);
      return complete ? deliveries.map((id) => hooks.attemptsOf(id)) : null;
    },
    LIFECYCLE_TIMEOUT_MS,
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
      expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(attempt.body, signatureHeaders(attempt))).toThrow();
      expect(() => new Webhook(secret).verify(attempt.body.replace('"post.', '"xpost.'), signatureHeaders(attempt))).toThrow();
    }
  }
  expect(received.map(([first]) => first.event).sort()).toEqual(['post.published', 'post.scheduled']);
  expectEnvelope(received.find(([first]) => first.event === 'post.published')![0], { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
  for (const attempts of received) {
    const logged = await waitForDelivery(admin, base, webhook.id, attempts[0].deliveryId, (delivery) => delivery.status === 'succeeded');
    expect(logged.event).toBe(attempts[0].event);
  }
}

async function slowEndpoint(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  // The first attempt of each delivery is answered (200) after the timeout; later attempts at once.
  const slow = await context.openReceiver((_, earlier) => (earlier.length === 0 ? { status: 200, delayMs: SLOW_ANSWER_MS } : { status: 200 }));
  const fast = await context.openReceiver();
  const { workspace, account, base } = await workspaceWithAccount(context, 'Slow');
  const slowHook = await createWebhook(admin, workspace, { url: slow.url(), events: ['post.published'] });
  const fastHook = await createWebhook(admin, workspace, { url: fast.url(), events: ['post.published'] });
  const post = await schedulePost(admin, workspace, [account]);

  const firstSlow = await slow.waitFor(() => slow.about(post.uuid, 'post.published')[0], LIFECYCLE_TIMEOUT_MS, 'the first attempt at the slow endpoint');
  const delivered = await fast.waitFor(() => fast.about(post.uuid, 'post.published')[0], LIFECYCLE_TIMEOUT_MS, 'the delivery to the fast endpoint');
  // Sent side by side: the fast endpoint had it while the slow one was still holding its request.
  expect(Math.abs(delivered.at - firstSlow.at)).toBeLessThan(1000);
  expectSigned(delivered, fastHook.secret);
  const fastLog = await waitForDelivery(admin, base, fastHook.id, delivered.deliveryId, (delivery) => delivery.status === 'succeeded');
  expect(fastLog.attempts).toEqual([expect.objectContaining({ status_code: 200 })]);
  expect(Date.parse(fastLog.attempts[0].at)).toBeLessThan(firstSlow.at + defaultTimeoutMs);

  const retry = await slow.waitFor(() => slow.attemptsOf(firstSlow.deliveryId)[1], LIFECYCLE_TIMEOUT_MS, 'the retry at the slow endpoint');
  expect(retry.body).toBe(firstSlow.body);
  // Given up at the timeout, not when the answer came a second later; then the backoff.
  expect(retry.at - firstSlow.at).toBeGreaterThanOrEqual(defaultTimeoutMs);
  expectSigned(retry, slowHook.secret);

  const slowLog = await waitForDelivery(admin, base, slowHook.id, firstSlow.deliveryId, (delivery) => delivery.status === 'succeeded');
  const [timedOut, succeeded] = slowLog.attempts;
  expect(slowLog.attempts).toHaveLength(2);
  expect(timedOut).toMatchObject({ status_code: null, error: expect.stringMatching(/time/i) });
  expect(timedOut.duration_ms).toBeGreaterThanOrEqual(defaultTimeoutMs - 50);
  expect(timedOut.duration_ms).toBeLessThan(SLOW_ANSWER_MS);
  expect(succeeded).toMatchObject({ status_code: 200 });
}
