import { describeWithKafka } from '@app/messaging/testing';
import { schedulePost, secondsAhead } from '../scenarios/lifecycle-fixtures';
import { PublicationAudit, systemAndReceiverOfSuite } from '../support/distributed/publication-audit';

jest.setTimeout(300_000);

const POSTS = 30;
const OUTAGE_MS = 10_000;
const RECOVERY_TIMEOUT_MS = 150_000;
/** Creating the posts over the API takes about a second each on the mock Kafka cluster (less on a real broker), five at a time. */
const CREATION_BUDGET_MS = 45_000;

describeWithKafka('distributed: PostgreSQL unreachable for 10 seconds while posts fall due', () => {
  const suite = systemAndReceiverOfSuite({ databaseProxy: true, env: { WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '2000' } });

  it(`${POSTS} posts due during the outage: every one ends published, once per account, told once by post.published`, () =>
    suite.system.diagnose(async () => {
      const { system, receiver } = suite;
      const { admin, workspace, accounts, audit } = await PublicationAudit.ofNewWorkspace(system, receiver, 'Outage', ['post.published']);
      // Due within six seconds of one another, far enough ahead for every post to be created first.
      const firstDue = secondsAhead(CREATION_BUDGET_MS / 1000);
      const posts: string[] = [];
      for (let start = 0; start < POSTS; start += 5) {
        const due = (index: number) => new Date(firstDue.getTime() + ((start + index) % 6) * 1000);
        const created = await Promise.all(Array.from({ length: 5 }, (_, index) => schedulePost(admin, workspace, accounts, due(index))));
        posts.push(...created.map((post) => post.uuid));
      }
      expect(Date.now()).toBeLessThan(firstDue.getTime() - 2_000);

      // The database goes away two seconds before the first post is due and comes back four seconds after the last.
      await new Promise((resolve) => setTimeout(resolve, firstDue.getTime() - 2_000 - Date.now()));
      system.databaseLink!.block();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      system.databaseLink!.unblock();

      await audit.allPublished(posts, RECOVERY_TIMEOUT_MS);
      await audit.toldOncePerPost(receiver, posts, RECOVERY_TIMEOUT_MS);
      await audit.storedOnce(posts, accounts.length);
    }));
});
