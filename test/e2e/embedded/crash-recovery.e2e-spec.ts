import { createWebhook, expectEnvelope, expectSigned, schedulePost, secondsAhead, statusCodes, waitForDelivery, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { adminOf } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { answer, WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';

jest.setTimeout(120_000);

/** Long enough that no retry is due between the first attempts and the kill. */
const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: '4000', WEBHOOK_TIMEOUT_MS: '2000' };

describe('a crash (kill -9) and a restart on the same DATA_DIR (the built service)', () => {
  let service: RunningService;
  let receiver: WebhookReceiver;
  afterEach(async () => {
    await service?.dispose();
    await receiver?.close();
  });

  it('delivers the pending retries with the same webhook-id, and publishes a post that fell due while the process was down', async () => {
    receiver = await WebhookReceiver.start(answer(500));
    service = await startService({ env: ENV });
    let admin = adminOf(service);
    const workspace = await approverWorkspace(admin, 'Crash');
    const account = await connectSandbox(admin, workspace);
    const webhook = await createWebhook(admin, workspace, { url: receiver.url() });

    const publishedBefore = await schedulePost(admin, workspace, [account]);
    const dueWhileDown = secondsAhead(5);
    const later = await schedulePost(admin, workspace, [account], dueWhileDown);

    // Three deliveries, each failed once and waiting for its retry, none in flight.
    const pending = [
      ['post.scheduled', publishedBefore.uuid],
      ['post.published', publishedBefore.uuid],
      ['post.scheduled', later.uuid],
    ] as const;
    const firstAttempts = await receiver.waitFor(
      () => {
        const found = pending.map(([event, uuid]) => receiver.about(uuid, event)[0]);
        return found.every(Boolean) ? found : null;
      },
      30_000,
      'the first attempts of three deliveries',
    );
    const logged = (accept: (delivery: { status: string; attempts: unknown[] }) => boolean) =>
      Promise.all(firstAttempts.map(({ deliveryId }) => waitForDelivery(admin, `/api/${workspace}`, webhook.id, deliveryId, accept, 10_000)));
    await logged((delivery) => delivery.status === 'pending' && delivery.attempts.length === 1);
    expect(receiver.received).toHaveLength(3);
    expect(Date.now()).toBeLessThan(dueWhileDown.getTime());

    const killed = await service.kill();
    expect(killed.signal).toBe('SIGKILL');
    const killedAt = Date.now();
    receiver.respondWith(answer(200));
    await eventually(async () => Date.now() > dueWhileDown.getTime() + 500, 'the scheduled time to pass while the service is down', within(15_000));
    expect(receiver.received).toHaveLength(3);

    service = await startService({ dataDir: service.dataDir, env: ENV });
    admin = adminOf(service);

    const retries = await receiver.waitFor(
      () => {
        const found = firstAttempts.map(({ deliveryId }) => receiver.attemptsOf(deliveryId)[1]);
        return found.every(Boolean) ? found : null;
      },
      30_000,
      'the retries of the three deliveries after the restart',
    );
    retries.forEach((retry, index) => {
      expect(retry.deliveryId).toBe(firstAttempts[index].deliveryId);
      expect(retry.body).toBe(firstAttempts[index].body);
      expect(retry.at).toBeGreaterThan(killedAt);
      expectSigned(retry, webhook.secret);
    });

    const shown = await waitForStatus(admin, workspace, later.uuid, 'published');
    expect(Date.parse(shown.published_at ?? '')).toBeGreaterThan(killedAt);
    expect(shown.scheduled_at).toBe(dueWhileDown.toISOString());
    const published = await receiver.waitFor(() => receiver.about(later.uuid, 'post.published')[0], 30_000, 'post.published of the post due while down');
    expectEnvelope(published, { event: 'post.published', workspace, uuid: later.uuid, status: 'published' });
    expect(published.envelope.post.published_at).toBe(shown.published_at);

    for (const delivery of await logged((delivery) => delivery.status === 'succeeded')) expect(statusCodes(delivery)).toEqual([500, 200]);
    // Each delivery arrived once after the restart: nothing was sent twice.
    for (const { deliveryId } of firstAttempts) expect(receiver.attemptsOf(deliveryId)).toHaveLength(2);
  });

  it('an attempt in flight when the process is killed is made again soon after the restart, with the same webhook-id', async () => {
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '3000' };
    // Holds the request: the attempt is still in flight when the process dies.
    receiver = await WebhookReceiver.start(() => ({ status: 200, delayMs: 60_000 }));
    service = await startService({ env });
    let admin = adminOf(service);
    const workspace = await approverWorkspace(admin, 'Crash in flight');
    const account = await connectSandbox(admin, workspace);
    const webhook = await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.published'] });
    const post = await schedulePost(admin, workspace, [account]);
    const inFlight = await receiver.waitFor(() => receiver.about(post.uuid, 'post.published')[0], 30_000, 'the attempt in flight');

    await service.kill();
    receiver.respondWith(answer(200));
    service = await startService({ dataDir: service.dataDir, env });
    admin = adminOf(service);
    const restartedAt = Date.now();

    // Not left until a lease taken by the dead process runs out (timeout + margin, over 30 s).
    const again = await receiver.waitFor(() => receiver.attemptsOf(inFlight.deliveryId)[1], 10_000, 'the attempt made again after the restart');
    expect(again.at - restartedAt).toBeLessThan(10_000);
    expect(again.body).toBe(inFlight.body);
    expectSigned(again, webhook.secret);
    const delivered = await waitForDelivery(admin, `/api/${workspace}`, webhook.id, inFlight.deliveryId, (delivery) => delivery.status === 'succeeded', 10_000);
    expect(delivered.attempts).toEqual([expect.objectContaining({ status_code: 200 })]);
  });
});
