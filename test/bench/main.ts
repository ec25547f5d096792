import { Api } from './api';
import { BenchFailure } from './bench-failure';
import { BenchService, SERVICE_LOG_LEVELS, startBenchService } from './bench-service';
import { PostMeasurement, printResults, seconds } from './bench-report';
import { readBusTimes } from './bus-times';
import { describeEnvironment, postCount } from './environment';
import { BenchWorkspace, createScheduledPosts, prepareWorkspace } from './post-creation';
import { PostTimeline, readTimelines } from './publishing-timeline';
import { armSetTimeoutBaseline } from './set-timeout-baseline';
import { WebhookReceiver } from './webhook-receiver';

/**
 * `npm run bench`: N posts (BENCH_POSTS, default 1000) due in the same second, on the embedded
 * service run in this process and driven over HTTP. Prints how late publishing started and how
 * late the `post.published` webhook arrived, next to bare setTimeout callbacks due at that second.
 */
const CONCURRENT_REQUESTS = 8;
const CALIBRATION_POSTS = 50;
/** Due time = now + estimated creation time x this + the margin below, rounded up to a second. */
const CREATION_SAFETY_FACTOR = 1.5;
const CREATION_MARGIN_MS = 3_000;
const DAY_MS = 86_400_000;

async function main(): Promise<void> {
  const count = postCount();
  console.log(`Benchmark: ${count} posts due in the same second\n${describeEnvironment()}`);
  console.log(`Service: embedded mode (PGlite, in-process bus) in this process; service log levels: ${SERVICE_LOG_LEVELS.join(', ')}\n`);

  const receiver = new WebhookReceiver();
  const webhookUrl = await receiver.start();
  let service: BenchService | null = null;
  try {
    const startedAt = performance.now();
    service = await startBenchService();
    console.log(`Service started in ${Math.round(performance.now() - startedAt)} ms at ${service.baseUrl}`);
    await run(service, receiver, webhookUrl, count);
  } finally {
    await service?.close();
    await receiver.stop();
  }
}

async function run(service: BenchService, receiver: WebhookReceiver, webhookUrl: string, count: number): Promise<void> {
  const workspace = await prepareWorkspace(new Api(service.baseUrl, service.adminToken), webhookUrl);
  const dueAtMs = await chooseDueTime(workspace, count);

  const created = await createScheduledPosts(workspace, count, dueAtMs, CONCURRENT_REQUESTS, 'Bench');
  const headroomMs = dueAtMs - Date.now();
  console.log(`Created ${count} posts in ${seconds(created.elapsedMs)}: ${created.rate.toFixed(1)} posts/s; due in ${seconds(headroomMs)}`);
  if (headroomMs <= 0) throw new BenchFailure('creating the posts took longer than planned and ran past their due time; the run measures nothing');

  const baseline = armSetTimeoutBaseline(count, dueAtMs);
  const timeoutMs = 60_000 + 100 * count;
  await waitForWebhooks(receiver, created.uuids, dueAtMs, dueAtMs + timeoutMs);
  const timelines = await readTimelines(service.eventStore, created.uuids);
  checkEveryPostPublished(created.uuids, timelines, receiver, timeoutMs);

  const busTimes = await readBusTimes(service.messageBus, created.uuids);
  const posts = created.uuids.map((uuid): PostMeasurement => {
    const timeline = timelines.get(uuid)!;
    if (timeline.scheduledFor !== dueAtMs) throw new BenchFailure(`post ${uuid} was scheduled for ${timeline.scheduledFor}, not ${dueAtMs}`);
    return {
      ...busTimes.get(uuid)!,
      publishingStarted: timeline.publishingStarted!,
      published: timeline.published!,
      webhookReceived: receiver.publishedAt.get(uuid)!,
    };
  });
  printResults(dueAtMs, await baseline, posts, receiver.duplicates);
}

/** Creates a first small batch (scheduled a day ahead, not measured) to learn the creation rate. */
async function chooseDueTime(workspace: BenchWorkspace, count: number): Promise<number> {
  const tomorrow = wholeSecondAfter(Date.now() + DAY_MS);
  const calibration = await createScheduledPosts(workspace, CALIBRATION_POSTS, tomorrow, CONCURRENT_REQUESTS, 'Calibration');
  const estimateMs = (count / calibration.rate) * 1000;
  const dueAtMs = wholeSecondAfter(Date.now() + estimateMs * CREATION_SAFETY_FACTOR + CREATION_MARGIN_MS);
  console.log(
    `Calibration: ${CALIBRATION_POSTS} posts created in ${seconds(calibration.elapsedMs)} (${calibration.rate.toFixed(1)} posts/s, ` +
      `${CONCURRENT_REQUESTS} requests at a time), so ${count} should take about ${seconds(estimateMs)}; due at ${new Date(dueAtMs).toISOString()}`,
  );
  return dueAtMs;
}

async function waitForWebhooks(receiver: WebhookReceiver, uuids: readonly string[], dueAtMs: number, deadline: number): Promise<void> {
  let nextProgress = dueAtMs + 10_000;
  while (uuids.some((uuid) => !receiver.publishedAt.has(uuid)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (Date.now() >= nextProgress) {
      console.log(`... ${receiver.publishedAt.size} of ${uuids.length} post.published webhooks received ${seconds(Date.now() - dueAtMs)} after the due time`);
      nextProgress += 10_000;
    }
  }
}

function checkEveryPostPublished(uuids: readonly string[], timelines: Map<string, PostTimeline>, receiver: WebhookReceiver, timeoutMs: number): void {
  const all = uuids.map((uuid) => ({ uuid, ...timelines.get(uuid)! }));
  const missing = all.filter(({ uuid, published }) => published === null || !receiver.publishedAt.has(uuid));
  if (missing.length === 0) return;
  const started = all.filter((post) => post.publishingStarted !== null).length;
  const published = all.filter((post) => post.published !== null).length;
  const failed = all.filter((post) => post.failed).length;
  throw new BenchFailure(
    `${missing.length} of ${uuids.length} posts were not published with their webhook received within ${seconds(timeoutMs)} of the due time ` +
      `(publishing started: ${started}, published: ${published}, failed: ${failed}, webhooks received: ${receiver.publishedAt.size}); ` +
      `first missing: ${missing
        .slice(0, 5)
        .map((post) => post.uuid)
        .join(', ')}`,
  );
}

const wholeSecondAfter = (atMs: number): number => Math.ceil(atMs / 1000) * 1000;

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const reason = error instanceof BenchFailure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`\nBenchmark failed: ${reason}`);
    process.exit(1);
  },
);
