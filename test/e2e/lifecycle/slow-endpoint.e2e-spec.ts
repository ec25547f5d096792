import { ApiClient } from '../support/api-client';
import { connectSandbox } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { WebhookReceiver } from '../support/webhook-receiver';
import { approverWorkspace, createWebhook, expectSigned, schedulePost, waitForDelivery } from './lifecycle-fixtures';

jest.setTimeout(120_000);

/** The contract's default WEBHOOK_TIMEOUT_MS: this suite leaves it unset. */
const DEFAULT_TIMEOUT_MS = 5000;
const SLOW_ANSWER_MS = 6000;

describe('a slow endpoint with the default webhook timeout (the built service)', () => {
  let service: RunningService;
  let slow: WebhookReceiver;
  let fast: WebhookReceiver;

  beforeAll(async () => {
    // The first attempt of each delivery is answered (200) after 6 s; later attempts at once.
    slow = await WebhookReceiver.start((_, earlier) => (earlier.length === 0 ? { status: 200, delayMs: SLOW_ANSWER_MS } : { status: 200 }));
    fast = await WebhookReceiver.start();
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: '500' } });
  });
  afterAll(async () => {
    await service?.dispose();
    await Promise.all([slow?.close(), fast?.close()]);
  });

  it('a 6-second answer is a failure and is retried, and does not delay the delivery to a fast endpoint', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = await approverWorkspace(admin, 'Slow');
    const account = await connectSandbox(admin, workspace);
    const slowHook = await createWebhook(admin, workspace, { url: slow.url(), events: ['post.published'] });
    const fastHook = await createWebhook(admin, workspace, { url: fast.url(), events: ['post.published'] });
    const post = await schedulePost(admin, workspace, [account]);

    const firstSlow = await slow.waitFor(() => slow.about(post.uuid, 'post.published')[0], 30_000, 'the first attempt at the slow endpoint');
    const delivered = await fast.waitFor(() => fast.about(post.uuid, 'post.published')[0], 30_000, 'the delivery to the fast endpoint');
    // Sent side by side: the fast endpoint had it while the slow one was still holding its request.
    expect(Math.abs(delivered.at - firstSlow.at)).toBeLessThan(1000);
    expectSigned(delivered, fastHook.secret);
    const fastLog = await waitForDelivery(admin, `/api/${workspace}`, fastHook.id, delivered.deliveryId, (delivery) => delivery.status === 'succeeded');
    expect(fastLog.attempts).toEqual([expect.objectContaining({ status_code: 200 })]);
    expect(Date.parse(fastLog.attempts[0].at)).toBeLessThan(firstSlow.at + DEFAULT_TIMEOUT_MS);

    const retry = await slow.waitFor(() => slow.attemptsOf(firstSlow.deliveryId)[1], 30_000, 'the retry at the slow endpoint');
    expect(retry.body).toBe(firstSlow.body);
    // Given up at the timeout, not when the answer came a second later; then the backoff.
    expect(retry.at - firstSlow.at).toBeGreaterThanOrEqual(DEFAULT_TIMEOUT_MS);
    expectSigned(retry, slowHook.secret);

    const slowLog = await waitForDelivery(admin, `/api/${workspace}`, slowHook.id, firstSlow.deliveryId, (delivery) => delivery.status === 'succeeded');
    const [timedOut, succeeded] = slowLog.attempts;
    expect(slowLog.attempts).toHaveLength(2);
    expect(timedOut).toMatchObject({ status_code: null, error: expect.stringMatching(/time/i) });
    expect(timedOut.duration_ms).toBeGreaterThanOrEqual(DEFAULT_TIMEOUT_MS - 50);
    expect(timedOut.duration_ms).toBeLessThan(SLOW_ANSWER_MS);
    expect(succeeded).toMatchObject({ status_code: 200 });
  });
});
