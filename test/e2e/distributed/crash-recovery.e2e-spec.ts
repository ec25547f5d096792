import { describeWithKafka } from '@app/kafka-testing';
import { schedulePost, secondsAhead } from '../scenarios/lifecycle-fixtures';
import { AppName } from './support/app-process';
import { PublicationAudit, systemAndReceiverOfSuite } from './support/publication-audit';

jest.setTimeout(300_000);

const POSTS_NOW = 15;
const POSTS_AHEAD = 15;
const CRASHED: AppName[] = ['scheduler', 'publisher', 'webhook-dispatcher', 'post-service'];
/** Restarted members wait out the dead members' sessions, and a dead dispatcher's claims their lease. */
const RECOVERY_TIMEOUT_MS = 150_000;

describeWithKafka('distributed: kill -9 of the apps behind the gateway with posts in flight', () => {
  const suite = systemAndReceiverOfSuite({ env: { WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '2000' } });

  it(`${POSTS_NOW + POSTS_AHEAD} posts (some now, some due in seconds): every one ends published, once per account, told once by post.published`, () =>
    suite.system.diagnose(async () => {
      const { system, receiver } = suite;
      const { admin, workspace, accounts, audit } = await PublicationAudit.ofNewWorkspace(system, receiver, 'Crash', ['post.published']);

      // Each time is taken when its post is sent, so that "a few seconds ahead" counts from the request.
      const schedules = [
        ...Array.from({ length: POSTS_NOW }, () => () => schedulePost(admin, workspace, accounts)),
        ...Array.from({ length: POSTS_AHEAD }, (_, index) => () => schedulePost(admin, workspace, accounts, secondsAhead(6 + (index % 5)))),
      ];
      const posts = await inBatchesOfFive(interleave(schedules));

      // Some posts are through, others are not: the crash lands mid-stream.
      await receiver.waitFor((received) => received.length > 0, 60_000, 'a first post.published');
      const toldBeforeCrash = new Set(receiver.received.map((request) => request.envelope?.post?.uuid)).size;
      expect(toldBeforeCrash).toBeLessThan(posts.length);
      await Promise.all(CRASHED.map((app) => system.kill(app)));
      await Promise.all(CRASHED.map((app) => system.restart(app)));

      await audit.allPublished(posts, RECOVERY_TIMEOUT_MS);
      await audit.toldOncePerPost(receiver, posts, RECOVERY_TIMEOUT_MS);
      await audit.storedOnce(posts, accounts.length);
    }));
});

/** Now and ahead alternate, so that both kinds are in flight when the apps die. */
function interleave<T>(items: T[]): T[] {
  const half = Math.ceil(items.length / 2);
  return items.slice(0, half).flatMap((item, index) => (index + half < items.length ? [item, items[index + half]] : [item]));
}

/** Schedules the posts a few at a time; returns their uuids. */
async function inBatchesOfFive(schedules: Array<() => Promise<{ uuid: string }>>): Promise<string[]> {
  const uuids: string[] = [];
  for (let start = 0; start < schedules.length; start += 5) {
    const created = await Promise.all(schedules.slice(start, start + 5).map((schedule) => schedule()));
    uuids.push(...created.map((post) => post.uuid));
  }
  return uuids;
}
