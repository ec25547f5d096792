import { describeWithBrokerOutages } from '@app/messaging/testing';
import { eventually } from '@app/testing/eventually';
import { schedulePost } from '../scenarios/lifecycle-fixtures';
import { within } from '../support/fixtures';
import { ApiClient } from '../support/api-client';
import { APP_NAMES, AppName } from '../support/distributed/app-process';
import { DistributedSystem, Readiness } from '../support/distributed/distributed-system';
import { PublicationAudit, systemAndReceiverOfSuite } from '../support/distributed/publication-audit';

jest.setTimeout(300_000);

const OUTAGE_MS = 10_000;
/** The apps' KAFKA_SESSION_TIMEOUT_MS (see DistributedSystem). */
const SESSION_TIMEOUT_MS = 6_000;
const RECOVERY_TIMEOUT_MS = 150_000;

describeWithBrokerOutages('distributed: the Kafka broker stops and comes back, a consumer group rebalances mid-burst', () => {
  // A publisher killed mid-publish leaves its attempt held: a short lease lets another take it up soon.
  const suite = systemAndReceiverOfSuite({ env: { WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '2000', PUBLISH_ATTEMPT_LEASE_MS: '10000' } });

  it(`the broker stopped for ${OUTAGE_MS / 1000} s while 30 posts fall due: every app is not ready during the outage and ready after it; every post published once per account, told once`, () =>
    suite.system.diagnose(async () => {
      const { system, receiver } = suite;
      const { admin, workspace, accounts, audit } = await PublicationAudit.ofNewWorkspace(system, receiver, 'Broker outage', ['post.published']);
      // Due within six seconds of one another: the broker stops once the first are on their way
      // (commands, publishing, results and events in flight), the others fall due while it is gone.
      const { posts, firstDue } = await scheduleBurst(admin, workspace, accounts, 30, (index) => (index % 6) * 1_000);
      await sleepUntil(firstDue + 1_500);

      await system.kafkaOutage.stopBroker();
      const outageEnds = Date.now() + OUTAGE_MS;
      // Longer than the session timeout: every app has a member that its coordinator no longer answers.
      expect(OUTAGE_MS).toBeGreaterThan(SESSION_TIMEOUT_MS + 2_000);
      const duringOutage = await readinessOfEveryApp(system, outageEnds - 1_000, (answer) => answer.status === 503);
      await sleepUntil(outageEnds);
      await system.kafkaOutage.restartBroker();

      expect(summarize(duringOutage)).toEqual(APP_NAMES.map((app) => `${app}: 503, consumers down`));
      // Each member named with its group, topics and how long.
      const absent = Object.values(duringOutage).flatMap((answer) => answer.body.error?.consumers?.message?.split('; ') ?? []);
      expect(absent.filter((problem) => !ABSENT_MEMBER.test(problem))).toEqual([]);
      const afterOutage = await readinessOfEveryApp(system, Date.now() + 90_000, (answer) => answer.status === 200);
      expect(summarize(afterOutage)).toEqual(APP_NAMES.map((app) => `${app}: 200`));

      await audit.allPublished(posts, RECOVERY_TIMEOUT_MS);
      await audit.toldOncePerPost(receiver, posts, RECOVERY_TIMEOUT_MS);
      await audit.storedOnce(posts, accounts.length);
    }));

  it('a publisher replica joins while posts fall due and is killed mid-burst: the group rebalances twice, nothing is lost, nothing published twice', () =>
    suite.system.diagnose(async () => {
      const { system, receiver } = suite;
      const { admin, workspace, accounts, audit } = await PublicationAudit.ofNewWorkspace(system, receiver, 'Rebalance', ['post.published']);
      // Three quarters of a second apart, over fourteen seconds.
      const { posts, firstDue } = await scheduleBurst(admin, workspace, accounts, 20, (index) => index * 750);
      await sleepUntil(firstDue - 2_000);

      // The new member's join rebalances the publishers' group as the first posts go through.
      const added = await system.addReplica('publisher');
      const replica = system.replicas('publisher').indexOf(added);
      await eventually(async () => /Consumer group publisher joined; assigned post-events \[/.test(added.text()), 'the added publisher to hold partitions of post-events', within(30_000));
      await eventually(async () => PUBLISHED_LINE.test(added.text()), 'the added publisher to publish a post', within(30_000));
      // Killed while it holds partitions, with posts still to come: they move on once its session has run out.
      const toldBeforeKill = posts.filter((uuid) => receiver.about(uuid, 'post.published').length > 0).length;
      await system.kill('publisher', replica);
      expect(toldBeforeKill).toBeLessThan(posts.length);

      await audit.allPublished(posts, RECOVERY_TIMEOUT_MS);
      await audit.toldOncePerPost(receiver, posts, RECOVERY_TIMEOUT_MS);
      await audit.storedOnce(posts, accounts.length);
    }));
});

const ABSENT_MEMBER = /^Consumer group \S+ \([^)]+\) has (had no answer from its group coordinator|not been a member of its group) for \d+(\.\d)? s \(session timeout 6\.0 s\)/;

/** What a publisher logs for a post it published to an account. */
const PUBLISHED_LINE = /Publish of post [0-9a-f-]+ to account \d+ \(round \d+\) published/;

/** Schedules `count` posts, five at a time, the first due once all are made; `offsetMs` spreads them. */
async function scheduleBurst(admin: ApiClient, workspace: string, accounts: number[], count: number, offsetMs: (index: number) => number) {
  // Creating a post over the API takes a fraction of a second on a real broker (more right after the
  // apps started, while their groups settle); the burst starts after that.
  const firstDue = Math.ceil((Date.now() + count * 500 + 5_000) / 1000) * 1000;
  const posts: string[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, index) => schedulePost(admin, workspace, accounts, new Date(firstDue + offsetMs(start + index))));
    posts.push(...(await Promise.all(batch)).map((post) => post.uuid));
  }
  expect(Date.now()).toBeLessThan(firstDue - 2_000);
  return { posts, firstDue };
}

/**
 * Asks every app (its first replica) until `done` holds for each or `deadline` passes; the last
 * answer of each, which the test compares with what it expects (a timeout is not a failure here:
 * the comparison says which app answered what).
 */
async function readinessOfEveryApp(system: DistributedSystem, deadline: number, done: (answer: Readiness) => boolean): Promise<Record<AppName, Readiness>> {
  const last = {} as Record<AppName, Readiness>;
  const askThoseNotDone = async (): Promise<boolean> => {
    await Promise.all(APP_NAMES.filter((app) => !last[app] || !done(last[app])).map(async (app) => (last[app] = await system.readiness(app))));
    return APP_NAMES.every((app) => done(last[app]));
  };
  await eventually(askThoseNotDone, 'every app to answer as awaited', { timeoutMs: deadline - Date.now(), intervalMs: 250 }).catch(() => undefined);
  return last;
}

function summarize(answers: Record<AppName, Readiness>): string[] {
  return APP_NAMES.map((app) => {
    const { status, body } = answers[app];
    const down = Object.keys(body.error ?? {});
    return `${app}: ${status}${down.length > 0 ? `, ${down.join(' and ')} down` : ''}`;
  });
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
}
