import type { Post } from '@app/client';
import { eventually } from '@app/testing/eventually';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { ShiftedClock } from '../support/shifted-clock/shifted-clock';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, schedulePost, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const MINUTE_MS = 60_000;
/** The default ANALYTICS_SCHEDULE: 1 hour, 24 hours and 7 days after publishing. */
const POINTS_MINUTES = [60, 1440, 10080];
/** How far past a point the clock is moved: that point has come, the next not yet. */
const PAST_POINT_MS = 30_000;
/** How long nothing must happen to say nothing more was read. */
const QUIET_MS = 5_000;

/** Ends the process that reads figures (the publisher; embedded, the whole service) as a crash, and starts it again. */
export interface PublisherCrash {
  kill(): Promise<void>;
  start(): Promise<void>;
}

/**
 * The collection of a post's figures as the days pass: the service's clock is moved past each point
 * of the schedule in turn (`ShiftedClock`), the reading process killed between points and while a
 * point comes, and each point is read and recorded once.
 */
export const analyticsOverTimeScenarios = (clock: () => ShiftedClock, crash: () => PublisherCrash): Scenario[] => [
  {
    title: 'figures are read 1 hour, 24 hours and 7 days after publishing, each point recorded once (one post.metrics_updated each) across a crash before a point and one just after it, and nothing after the last',
    run: (context) => figuresAsTheDaysPass(context, clock(), crash()),
  },
];

async function figuresAsTheDaysPass({ admin, openReceiver }: ScenarioContext, clock: ShiftedClock, crash: PublisherCrash): Promise<void> {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'Figures as the days pass');
  const account = await connectSandbox(admin, workspace);
  await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.metrics_updated'] });
  const post = await schedulePost(admin, workspace, [account]);
  const published = await waitForStatus(admin, workspace, post.uuid, 'published');
  const publishedAt = Date.parse(published.accounts[0].published_at!);
  const pointAt = (index: number) => publishedAt + POINTS_MINUTES[index] * MINUTE_MS;
  const readings = () => figureReadings(admin, workspace, post);

  // Before the first hour, nothing is read.
  await quiet();
  expect(await readings()).toEqual([]);

  // The first hour comes: one reading, at that time by the service's clock.
  await clock.shiftTo(new Date(pointAt(0) + PAST_POINT_MS));
  expect(await readingsCome(admin, workspace, post, 1)).toEqual([expect.any(Number)]);
  expectReadAfter(await collectedAt(admin, workspace, post), pointAt(0));

  // The reader is down when the 24th hour comes: started again, it reads that point, once.
  await crash.kill();
  await clock.shiftTo(new Date(pointAt(1) + PAST_POINT_MS));
  await crash.start();
  expect(await readingsCome(admin, workspace, post, 2)).toHaveLength(2);
  expectReadAfter(await collectedAt(admin, workspace, post), pointAt(1));

  // Killed just after it: started again, it does not record that point a second time.
  await crash.kill();
  await crash.start();
  await quiet();
  expect(await readings()).toHaveLength(2);

  // The seventh day: the last point; then nothing more, however far the clock goes.
  await clock.shiftTo(new Date(pointAt(2) + PAST_POINT_MS));
  expect(await readingsCome(admin, workspace, post, 3)).toHaveLength(3);
  expectReadAfter(await collectedAt(admin, workspace, post), pointAt(2));
  await clock.shiftTo(new Date(pointAt(2) + 30 * 24 * 60 * MINUTE_MS));
  await quiet();
  expect(await readings()).toHaveLength(3);

  // Never more than one delivery per point (a delivery cut off by a crash is sent again under its id), each with its reading's figures.
  await eventually(() => receiver.about(post.uuid, 'post.metrics_updated').length > 0, 'a post.metrics_updated', within(LIFECYCLE_TIMEOUT_MS));
  const delivered = receiver.about(post.uuid, 'post.metrics_updated');
  const deliveries = new Set(delivered.map((request) => request.deliveryId));
  expect(deliveries.size).toBeLessThanOrEqual(3);
  expect(new Set(delivered.map((request) => request.envelope.metrics![0].collected_at)).size).toBe(deliveries.size);
  for (const request of delivered) expect(Date.parse(request.envelope.metrics![0].collected_at!)).toBeGreaterThanOrEqual(pointAt(0));
}

/** When each reading of the post's figures was recorded, from its history (`post.metrics_updated` steps). */
async function figureReadings(admin: ApiClient, workspace: string, post: Pick<Post, 'uuid'>): Promise<number[]> {
  const history = (await admin.get(`/api/${workspace}/posts/${post.uuid}/history`)).body.data as { type: string; at: string }[];
  return history.filter((step) => step.type === 'post.metrics_updated').map((step) => Date.parse(step.at));
}

function readingsCome(admin: ApiClient, workspace: string, post: Pick<Post, 'uuid'>, count: number): Promise<number[]> {
  return eventually(
    async () => {
      const readings = await figureReadings(admin, workspace, post);
      expect(readings.length).toBeLessThanOrEqual(count);
      return readings.length === count && readings;
    },
    `reading ${count} of the post's figures`,
    within(LIFECYCLE_TIMEOUT_MS),
  );
}

async function collectedAt(admin: ApiClient, workspace: string, post: Pick<Post, 'uuid'>): Promise<string> {
  const [entry] = (await admin.get(`/api/${workspace}/posts/${post.uuid}/metrics`)).body.data;
  expect(entry.metrics).toEqual({ impressions: 0, likes: 1, replies: 0, reposts: 0, quotes: 0, saves: 0, clicks: 0, views: 0 });
  return entry.collected_at;
}

/** Read once the point came, by the service's clock, and before the next could have. */
function expectReadAfter(collected: string, pointAt: number): void {
  expect(Date.parse(collected)).toBeGreaterThanOrEqual(pointAt);
  expect(Date.parse(collected)).toBeLessThan(pointAt + PAST_POINT_MS + LIFECYCLE_TIMEOUT_MS);
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));
