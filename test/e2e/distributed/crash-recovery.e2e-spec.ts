import { describeWithKafka } from '@app/messaging/testing';
import { eventually } from '@app/testing/eventually';
import { schedulePost, secondsAhead } from '../scenarios/lifecycle-fixtures';
import { within } from '../support/fixtures';
import { AppName } from '../support/distributed/app-process';
import { PublicationAudit, systemAndReceiverOfSuite } from '../support/distributed/publication-audit';

jest.setTimeout(300_000);

const POSTS_NOW = 15;
const POSTS_AHEAD = 15;
const CRASHED: AppName[] = ['scheduler', 'publisher', 'webhook-dispatcher', 'post-service'];
/** Restarted members wait out the dead members' sessions, and a dead dispatcher's claims their lease. */
const RECOVERY_TIMEOUT_MS = 150_000;
/** How late a post due may be before the pipeline view names it (the default is a minute). */
const LATE_AFTER_MS = 1_000;

describeWithKafka('distributed: kill -9 of the apps behind the gateway with posts in flight', () => {
  const suite = systemAndReceiverOfSuite({ env: { WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '2000', PIPELINE_LATE_AFTER_MS: String(LATE_AFTER_MS) } });

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

      // With the apps behind it dead, the gateway's pipeline view names what is held: posts due
      // that no scheduler starts, and the webhook-dispatcher that does not answer.
      const held = await eventually(async () => {
        const view = (await admin.get('/api/panel/pipeline')).body;
        return view.stuck_posts?.some((post: { uuid: string }) => posts.includes(post.uuid)) ? view : null;
      }, 'the pipeline view to name a post due and not publishing', within(30_000));
      expect(held.healthy).toBe(false);
      expect(held.problems).toEqual(
        expect.arrayContaining([expect.stringMatching(/scheduled posts? (is|are) due and not publishing/), expect.stringMatching(/^The webhook-dispatcher did not answer/)]),
      );
      expect(held.stuck_posts[0]).toMatchObject({ status: 'scheduled', reason: 'Due, and its publishing has not started.' });

      await Promise.all(CRASHED.map((app) => system.restart(app)));

      await audit.allPublished(posts, RECOVERY_TIMEOUT_MS);
      await audit.toldOncePerPost(receiver, posts, RECOVERY_TIMEOUT_MS);
      await audit.storedOnce(posts, accounts.length);
      const recovered = (await admin.get('/api/panel/pipeline')).body;
      expect(recovered.stuck_posts.filter((post: { uuid: string }) => posts.includes(post.uuid))).toEqual([]);
      expect(recovered.stages.deliveries).not.toBeNull();
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
