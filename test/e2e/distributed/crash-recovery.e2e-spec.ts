import { describeWithKafka } from '../../../libs/messaging/src/kafka/testing/describe-with-kafka';
import { ApiClient } from '../support/api-client';
import { connectSandbox } from '../support/fixtures';
import { approverWorkspace, createWebhook, secondsAhead } from '../lifecycle/lifecycle-fixtures';
import { WebhookReceiver } from '../support/webhook-receiver';
import { adminOf, postBody } from './scenarios/scenario-host';
import { AppName } from './support/app-process';
import { DistributedSystem } from './support/distributed-system';
import { PublicationAudit } from './support/publication-audit';

jest.setTimeout(300_000);

const POSTS_NOW = 15;
const POSTS_AHEAD = 15;
const CRASHED: AppName[] = ['scheduler', 'publisher', 'webhook-dispatcher', 'post-service'];
/** Restarted members wait out the dead members' sessions, and a dead dispatcher's claims their lease. */
const RECOVERY_TIMEOUT_MS = 150_000;

describeWithKafka('distributed: kill -9 of the apps behind the gateway with posts in flight', () => {
  let system: DistributedSystem;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    [system, receiver] = await Promise.all([
      DistributedSystem.start({ env: { WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '2000' } }),
      WebhookReceiver.start(),
    ]);
  });
  afterAll(async () => {
    await system?.dispose();
    await receiver?.close();
  });

  it(`${POSTS_NOW + POSTS_AHEAD} posts (some now, some due in seconds): every one ends published, once per account, told once by post.published`, () =>
    system.diagnose(async () => {
      const admin = adminOf(system);
      const workspace = await approverWorkspace(admin, 'Crash');
      const accounts = [await connectSandbox(admin, workspace, 'One'), await connectSandbox(admin, workspace, 'Two')];
      await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.published'] });

      // Bodies are made when sent, so that "a few seconds ahead" counts from the request.
      const bodies = [
        ...Array.from({ length: POSTS_NOW }, () => () => postBody(accounts)),
        ...Array.from({ length: POSTS_AHEAD }, (_, index) => () => postBody(accounts, secondsAhead(6 + (index % 5)))),
      ];
      const posts = await createAll(admin, workspace, interleave(bodies));

      // Some posts are through, others are not: the crash lands mid-stream.
      await receiver.waitFor((received) => received.length > 0, 60_000, 'a first post.published');
      const toldBeforeCrash = new Set(receiver.received.map((request) => request.envelope?.post?.uuid)).size;
      expect(toldBeforeCrash).toBeLessThan(posts.length);
      await Promise.all(CRASHED.map((app) => system.kill(app)));
      await Promise.all(CRASHED.map((app) => system.restart(app)));

      const audit = new PublicationAudit(system, admin, workspace);
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

/** Creates the posts a few at a time; returns their uuids. */
async function createAll(api: ApiClient, workspace: string, bodies: Array<() => Record<string, unknown>>): Promise<string[]> {
  const uuids: string[] = [];
  for (let start = 0; start < bodies.length; start += 5) {
    const created = await Promise.all(bodies.slice(start, start + 5).map((body) => api.post(`/api/${workspace}/posts`, body())));
    for (const answer of created) {
      if (answer.status !== 201) throw new Error(`creating a post: ${answer.status} ${JSON.stringify(answer.body)}`);
      uuids.push(answer.body.uuid);
    }
  }
  return uuids;
}
