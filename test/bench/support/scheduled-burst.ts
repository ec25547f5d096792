import { BenchFailure } from './bench-failure';
import { BenchWorkspace, postBody, secondPrecision } from './workspaces';

/** Posts due in the same second, created over the API before that second. */
export interface ScheduledBurst {
  dueAtMs: number;
  /** Every post's uuid, in creation order. */
  uuids: string[];
  createdPerSecond: number;
}

const CONCURRENT_REQUESTS = 8;
const CALIBRATION_POSTS = 50;
/** Due time = now + estimated creation time x this + the margin below, rounded up to a second. */
const CREATION_SAFETY_FACTOR = 1.5;
const CREATION_MARGIN_MS = 3_000;
const DAY_MS = 86_400_000;

/**
 * Creates `postsPerWorkspace` posts in each workspace, all scheduled for one whole second chosen
 * from the creation rate of a first small batch (scheduled a day ahead, so never published during
 * the run). Fails when creating them ran past that second.
 */
export async function scheduleBurst(workspaces: readonly BenchWorkspace[], postsPerWorkspace: number, label: string): Promise<ScheduledBurst> {
  const concurrency = CONCURRENT_REQUESTS;
  const total = workspaces.length * postsPerWorkspace;
  const calibrationCount = Math.min(CALIBRATION_POSTS, Math.max(10, Math.ceil(total / 10)));
  const calibration = await createPosts(workspaces.slice(0, 1), calibrationCount, wholeSecondAfter(Date.now() + DAY_MS), 'Calibration', concurrency);
  const estimateMs = (total / calibration.rate) * 1000;
  const dueAtMs = wholeSecondAfter(Date.now() + estimateMs * CREATION_SAFETY_FACTOR + CREATION_MARGIN_MS);
  const created = await createPosts(workspaces, total, dueAtMs, label, concurrency);
  const headroomMs = dueAtMs - Date.now();
  console.log(
    `  created ${total} posts in ${seconds(created.elapsedMs)} (${created.rate.toFixed(1)} posts/s, ${concurrency} requests at a time), ` +
      `all due at ${new Date(dueAtMs).toISOString()}, ${seconds(headroomMs)} later`,
  );
  if (headroomMs <= 0) throw new BenchFailure('creating the posts took longer than planned and ran past their due time; the run measures nothing');
  return { dueAtMs, uuids: created.uuids, createdPerSecond: created.rate };
}

/** Creates `count` posts due at `dueAtMs`, round-robin over the workspaces, a few requests at a time. */
async function createPosts(workspaces: readonly BenchWorkspace[], count: number, dueAtMs: number, label: string, concurrency: number) {
  const scheduledAt = secondPrecision(dueAtMs);
  const uuids = new Array<string>(count);
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const workspace = workspaces[index % workspaces.length]!;
      const text = `${label} post ${index + 1}`;
      const post = await workspace.member.create(`/api/${workspace.uuid}/posts`, postBody(text, workspace.accountIds, scheduledAt), text);
      if (post.status !== 'scheduled' || Date.parse(post.scheduled_at) !== dueAtMs) {
        throw new BenchFailure(`${text} came back ${post.status} at ${post.scheduled_at}, not scheduled at ${scheduledAt}`);
      }
      uuids[index] = post.uuid;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const elapsedMs = performance.now() - started;
  return { uuids, elapsedMs, rate: count / (elapsedMs / 1000) };
}

const wholeSecondAfter = (atMs: number): number => Math.ceil(atMs / 1000) * 1000;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
