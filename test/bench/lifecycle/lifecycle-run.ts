import { Api } from '../support/api';
import { BenchFailure } from '../support/bench-failure';
import { cpuTimeMs } from '../support/cpu-time';
import { ReceivedRequest, Receivers } from '../support/receivers/receivers';
import { scheduleBurst, seconds } from '../support/scheduled-burst';
import { ServiceUnderTest } from '../support/service-process';
import { armSetTimeoutBaseline } from '../support/set-timeout-baseline';
import { SqliteStatements, sqliteStatements, statementsBetween } from '../support/sqlite-statements';
import { createBenchMember, prepareWorkspace } from '../support/workspaces';

/** What one burst of posts due in the same second gave, read from the outside. */
export interface LifecycleResult {
  count: number;
  dueAtMs: number;
  createdPerSecond: number;
  uuids: string[];
  /** Lateness (ms after the due time) of bare setTimeout callbacks due at the same second, in the benchmark's process. */
  baseline: number[];
  /** Lateness of `published_at`, the service's record of each post going live on every account. */
  live: number[];
  /** Lateness of each post's first `post.published` webhook at the receiver. */
  webhook: number[];
  /** Wall-clock ms of each post's first `post.published`, by post uuid. */
  webhookAt: Map<string, number>;
  duplicates: number;
  /** CPU time (ms) the service's processes used from the end of creation to the last webhook; null without /proc. */
  serviceCpuMs: number | null;
  /** Statements the service ran on SQLite over the same time, by kind; null when it does not report them. */
  sqliteStatements: SqliteStatements | null;
}

/**
 * `count` posts due in the same second on a sandbox account whose workspace has a webhook to
 * receiver 0; waits for every post's `post.published` (fails when one is missing at the deadline).
 */
export async function runLifecycle(service: ServiceUnderTest, receivers: Receivers, count: number): Promise<LifecycleResult> {
  const admin = new Api(service.baseUrl, service.adminToken);
  const member = await createBenchMember(admin);
  const workspace = await prepareWorkspace(admin, member, { name: 'Lifecycle', webhookUrls: [receivers.urls[0]!] });
  const burst = await scheduleBurst([workspace], count, 'Lifecycle');
  const baseline = armSetTimeoutBaseline(count, burst.dueAtMs);
  const pids = service.processes().map((process) => process.pid);
  // The service is idle from here to the due time, so this is the CPU time of publishing the burst.
  const cpuBefore = cpuTimeMs(pids);
  const statementsBefore = await sqliteStatements(service.baseUrl);

  const deadline = burst.dueAtMs + 60_000 + 100 * count;
  const complete = await receivers.waitFor(
    (counts) => counts.distinct >= count,
    deadline,
    (counts) => `${counts.distinct} of ${count} post.published webhooks received ${seconds(Date.now() - burst.dueAtMs)} after the due time`,
    burst.dueAtMs,
  );
  const cpuAfter = cpuTimeMs(pids);
  const statementsAfter = await sqliteStatements(service.baseUrl);
  const requests = await receivers.take();
  const firstOfEach = firstPublishedPerPost(requests);
  const missing = burst.uuids.filter((uuid) => !firstOfEach.has(uuid));
  if (!complete || missing.length > 0) {
    throw new BenchFailure(
      `${missing.length} of ${count} posts had no post.published webhook within ${seconds(deadline - burst.dueAtMs)} of the due time ` +
        `(first missing: ${missing.slice(0, 5).join(', ')})\n${service.tail()}`,
    );
  }

  const uuids = burst.uuids;
  const withoutPublishedAt = uuids.filter((uuid) => Number.isNaN(Date.parse(firstOfEach.get(uuid)!.publishedAt ?? '')));
  if (withoutPublishedAt.length > 0) throw new BenchFailure(`the post.published webhook of ${withoutPublishedAt[0]} has no published_at`);
  return {
    count,
    dueAtMs: burst.dueAtMs,
    createdPerSecond: burst.createdPerSecond,
    uuids,
    baseline: await baseline,
    live: uuids.map((uuid) => Date.parse(firstOfEach.get(uuid)!.publishedAt!) - burst.dueAtMs),
    webhook: uuids.map((uuid) => firstOfEach.get(uuid)!.at - burst.dueAtMs),
    webhookAt: new Map(uuids.map((uuid) => [uuid, firstOfEach.get(uuid)!.at])),
    serviceCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    sqliteStatements: statementsBetween(statementsBefore, statementsAfter),
    duplicates: requests.filter((request) => request.event === 'post.published').length - firstOfEach.size,
  };
}

function firstPublishedPerPost(requests: readonly ReceivedRequest[]): Map<string, ReceivedRequest> {
  const first = new Map<string, ReceivedRequest>();
  for (const request of requests) {
    if (request.event !== 'post.published' || request.postUuid === null) continue;
    const known = first.get(request.postUuid);
    if (!known || request.at < known.at) first.set(request.postUuid, request);
  }
  return first;
}
