import { Webhook } from 'standardwebhooks';
import type { Post, WebhookDelivery } from '@app/client';
import { ReceivedWebhook, WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { ShiftedClock } from '../support/shifted-clock/shifted-clock';
import { CreatedWebhook, createWebhook, expectEnvelope, LIFECYCLE_TIMEOUT_MS, ORIGINAL, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const DAY_MS = 86_400_000;
const PLAN = { interval_days: 2, times: 3 };
/** How far past a copy's time the clock is moved: the copy is due then, the next one not yet. */
const PAST_DUE_MS = 60_000;
/** How long a step of the pipeline may take (the service's clock runs on meanwhile). */
const STEP_MS = LIFECYCLE_TIMEOUT_MS;
/**
 * How soon a copy is published once the clock made it due: well within the scheduler's scan of
 * 30 s, as the shift wakes the loop that sleeps until the copy's time.
 */
const PROMPTLY_MS = 20_000;
/** How long nothing must happen after the last copy: each copy came within about a second of the one before. */
const QUIET_MS = 5_000;

/**
 * Recycling as the days pass: the service's clock is moved past each copy's time in turn
 * (`ShiftedClock`), so that the copies are published as they would be days apart.
 */
export const recyclingOverTimeScenarios = (clock: () => ShiftedClock): Scenario[] => [
  {
    title: `a post with recycle ${JSON.stringify(PLAN)} is published again 2, 4 and 6 days after its origin, each copy once with its webhooks, and not a fourth time`,
    run: (context) => threeCopiesAsTheDaysPass(context, clock()),
  },
];

async function threeCopiesAsTheDaysPass({ admin, openReceiver }: ScenarioContext, clock: ShiftedClock): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Recycling as the days pass');
  const account = await connectSandbox(admin, workspace);
  const receiver = await openReceiver();
  const webhook = await createWebhook(admin, workspace, { url: receiver.url() });
  const created = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], schedule_now: true, recycle: PLAN });
  expect({ status: created.status, recycle: created.body?.recycle }).toEqual({ status: 201, recycle: PLAN });
  const origin = await waitForStatus(admin, workspace, created.body.uuid, 'published');
  const originAt = Date.parse(origin.published_at!);
  await publishedWebhook(receiver, origin.uuid);

  const copies: string[] = [];
  for (let copy = 1; copy <= PLAN.times; copy++) {
    // Each copy is due a whole number of intervals after the origin, whenever the one before was published.
    const dueAt = new Date(originAt + copy * PLAN.interval_days * DAY_MS).toISOString();
    const scheduled = await nextCopy(admin, workspace, origin.uuid, copies);
    copies.push(scheduled.uuid);
    expect(scheduled).toMatchObject({ status: 'scheduled', recycled_from: origin.uuid, scheduled_at: dueAt, recycle: null, versions: origin.versions });
    expect(scheduled.accounts.map((each) => each.id)).toEqual([account]);
    const announced = await eventually(() => receiver.about(scheduled.uuid, 'post.scheduled')[0], `post.scheduled of copy ${copy}`, within(STEP_MS));
    expect(announced.envelope.post.scheduled_at).toBe(dueAt);
    await everyDeliveryDone(admin, workspace, webhook, receiver);

    await clock.shiftTo(new Date(Date.parse(dueAt) + PAST_DUE_MS));
    const published = await waitForStatus(admin, workspace, scheduled.uuid, 'published', STEP_MS);
    expect(published).toMatchObject({ recycled_from: origin.uuid, scheduled_at: dueAt });
    // Published once its time came by the service's clock, as soon as the clock reached it.
    const publishedAt = Date.parse(published.published_at!);
    expect(publishedAt).toBeGreaterThanOrEqual(Date.parse(dueAt));
    expect(publishedAt).toBeLessThan(Date.parse(dueAt) + PAST_DUE_MS + PROMPTLY_MS);
    expect(published.accounts.map((each) => each.external_url)).toEqual([expect.stringMatching(/^https?:\/\//)]);

    const delivered = await publishedWebhook(receiver, scheduled.uuid);
    expectEnvelope(delivered, { event: 'post.published', workspace, uuid: scheduled.uuid, status: 'published' });
    expectSignedAt(delivered, webhook.secret, publishedAt);
    // The delivery log's created_at is the database's column default: the database's clock moved too.
    const logged = await everyDeliveryDone(admin, workspace, webhook, receiver);
    const entry = logged.find((each) => each.id === delivered.deliveryId)!;
    expect(Date.parse(entry.created_at)).toBeGreaterThanOrEqual(publishedAt);
  }

  // Past the time a fourth copy would have: none is made, and nothing is published again.
  await clock.shiftTo(new Date(originAt + (PLAN.times + 1) * PLAN.interval_days * DAY_MS + PAST_DUE_MS));
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const everyPost = (await admin.get(`/api/${workspace}/posts`)).body.data as Post[];
  const madeCopies = everyPost.filter((post) => post.recycled_from === origin.uuid);
  expect(madeCopies.map((post) => [post.uuid, post.status]).sort()).toEqual(copies.map((uuid) => [uuid, 'published']).sort());
  expect(everyPost).toHaveLength(1 + PLAN.times);
  // Exactly once: each post announced once and published once, each delivery sent once.
  const events = receiver.received.map((request) => `${request.event} ${request.envelope.post.uuid}`).sort();
  expect(events).toEqual([origin.uuid, ...copies].flatMap((uuid) => [`post.published ${uuid}`, `post.scheduled ${uuid}`]).sort());
  expect(new Set(receiver.received.map((request) => request.deliveryId)).size).toBe(receiver.received.length);
}

/** The copy of `originUuid` made after `made`, once the service has scheduled it. */
function nextCopy(admin: ApiClient, workspace: string, originUuid: string, made: string[]): Promise<Post> {
  return eventually(
    async () => {
      const list = await admin.get(`/api/${workspace}/posts?status=scheduled`);
      return (list.body?.data as Post[] | undefined)?.find((post) => post.recycled_from === originUuid && !made.includes(post.uuid));
    },
    `copy ${made.length + 1} of ${originUuid} to be scheduled`,
    within(STEP_MS),
  );
}

/** The post.published webhook of a post, once it came. */
function publishedWebhook(receiver: WebhookReceiver, postUuid: string): Promise<ReceivedWebhook> {
  return eventually(() => receiver.about(postUuid, 'post.published')[0], `post.published of ${postUuid}`, within(STEP_MS));
}

/**
 * The webhook's delivery log once each delivery in it has succeeded, and the receiver got them
 * all: no delivery is under way when the clock moves (a lease a shift of days ran out would be
 * taken again).
 */
function everyDeliveryDone(admin: ApiClient, workspace: string, webhook: CreatedWebhook, receiver: WebhookReceiver): Promise<WebhookDelivery[]> {
  return eventually(
    async () => {
      const log = (await admin.get(`/api/${workspace}/webhooks/${webhook.id}/deliveries`)).body?.data as WebhookDelivery[] | undefined;
      const received = new Set(receiver.received.map((request) => request.deliveryId));
      return log?.length === received.size && log.every((delivery) => delivery.status === 'succeeded' && received.has(delivery.id)) && log;
    },
    `every delivery of webhook ${webhook.id} to have succeeded`,
    within(STEP_MS),
  );
}

/**
 * The delivery is signed as Standard Webhooks says, at a time of the service's clock: after the
 * post was published, days ahead of the real time (which is why a receiver's five-minute window
 * is not checked here).
 */
function expectSignedAt(request: ReceivedWebhook, secret: string, notBefore: number): void {
  const signedAt = new Date(Number(request.headers['webhook-timestamp']) * 1000);
  expect(signedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(notBefore / 1000) * 1000);
  expect(new Webhook(secret).sign(request.deliveryId, signedAt, request.body)).toBe(request.headers['webhook-signature']);
  expect(Date.parse(request.envelope.timestamp)).toBeGreaterThanOrEqual(notBefore);
}
