import { describeWithKafka } from '@app/messaging/testing';
import { eventually } from '@app/testing/eventually';
import { schedulePost, secondsAhead } from '../scenarios/lifecycle-fixtures';
import { within } from '../support/fixtures';
import { AppName } from '../support/distributed/app-process';
import { PublicationAudit, systemAndReceiverOfSuite } from '../support/distributed/publication-audit';

jest.setTimeout(300_000);

const REPLICATED: AppName[] = ['publisher', 'webhook-dispatcher'];
/** Posts per phase: half published now, half due within seconds. */
const POSTS_PER_PHASE = 10;
const PHASE_TIMEOUT_MS = 120_000;

describeWithKafka('distributed: two replicas of the publisher and of the webhook dispatcher', () => {
  const suite = systemAndReceiverOfSuite({ env: { WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '2000' } });

  it('both replicas at work, one of each leaving mid-stream, then coming back: every post published once per account, every event delivered under one webhook-id', () =>
    suite.system.diagnose(async () => {
      const { system, receiver } = suite;
      const { admin, workspace, accounts, audit } = await PublicationAudit.ofNewWorkspace(system, receiver, 'Replicas', ['post.scheduled', 'post.published']);
      // The second replicas join once the set-up requests are answered: while a group rebalances, its requests wait.
      await Promise.all(REPLICATED.map((app) => system.addReplica(app)));
      const posts: string[] = [];
      const phase = async () => {
        for (let index = 0; index < POSTS_PER_PHASE; index++) {
          posts.push((await schedulePost(admin, workspace, accounts, index % 2 === 0 ? undefined : secondsAhead(2 + index))).uuid);
        }
      };
      const allThrough = async () => {
        await audit.allPublished(posts, PHASE_TIMEOUT_MS);
        await audit.toldOncePerPost(receiver, posts, PHASE_TIMEOUT_MS);
      };

      await phase();
      await receiver.waitFor((received) => received.some((request) => request.envelope?.event === 'post.published'), 60_000, 'a first post.published');
      // The first replica of each leaves while posts are going through: the second takes its partitions over.
      await Promise.all(REPLICATED.map((app) => system.stop(app, 0)));
      await phase();
      await allThrough();

      // It comes back: the partitions are shared again.
      const returned = await Promise.all(REPLICATED.map((app) => system.restart(app, 0)));
      // A member joining a group on the mock cluster may be refused once and get in seconds later:
      // the last phase starts when the returning replicas hold partitions of post-events again.
      await eventually(
        async () => returned.every((worker) => new RegExp(`Consumer group ${worker.spec.app} joined; assigned post-events \\[`).test(worker.text())),
        'the returning replicas to be assigned partitions of post-events',
        within(90_000),
      );
      // Another phase comes while the returning replicas have taken no part yet: a group may
      // rebalance again after a member joins, and a phase can end before the new assignment does.
      const tookPart = () => returned.every((worker) => WORK_LINE[worker.spec.app].test(worker.text()));
      for (let round = 1; ; round++) {
        await phase();
        if (await eventually(async () => tookPart(), 'the returning replicas to take part', within(20_000)).then(() => true, () => false)) break;
        if (round === 4) throw new Error('The returning replicas took no part in four phases of work');
      }
      await allThrough();

      await audit.storedOnce(posts, accounts.length);
      const scheduledDeliveries = posts.map((uuid) => new Set(receiver.about(uuid, 'post.scheduled').map((request) => request.deliveryId)).size);
      expect(scheduledDeliveries).toEqual(posts.map(() => 1));
      // The replica that stayed and the one that came back both did some of the work, or the scenario proved nothing about replicas.
      const workers = [...returned, ...REPLICATED.map((app) => system.replica(app, 1))];
      expect(workers.map((worker) => `${worker.spec.instanceId} worked: ${WORK_LINE[worker.spec.app].test(worker.text())}`)).toEqual(
        workers.map((worker) => `${worker.spec.instanceId} worked: true`),
      );
    }));
});

/** A line each app logs for a piece of work it did. */
const WORK_LINE: Record<string, RegExp> = {
  publisher: /Publish of post [0-9a-f-]+ to account \d+ \(round \d+\) published/,
  'webhook-dispatcher': /Delivered post\.\w+ /,
};
