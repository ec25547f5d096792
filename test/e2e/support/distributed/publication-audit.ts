import { createWebhook } from '../../scenarios/lifecycle-fixtures';
import { adminOf, ApiClient } from '../api-client';
import { approverWorkspace, connectSandbox, within } from '../fixtures';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { DistributedSystem, DistributedSystemOptions } from './distributed-system';

/** Starts a distributed system and a webhook receiver before the suite's tests, and ends both after them. */
export function systemAndReceiverOfSuite(options: DistributedSystemOptions): { readonly system: DistributedSystem; readonly receiver: WebhookReceiver } {
  const suite = {} as { system: DistributedSystem; receiver: WebhookReceiver };
  beforeAll(async () => {
    [suite.system, suite.receiver] = await Promise.all([DistributedSystem.start(options), WebhookReceiver.start()]);
  });
  afterAll(async () => {
    await suite.system?.dispose();
    await suite.receiver?.close();
  });
  return suite;
}

/**
 * Checks, from the outside and from what the services stored, that every post was published once
 * to each of its accounts and told once: nothing lost, nothing doubled.
 */
export class PublicationAudit {
  constructor(
    private readonly system: DistributedSystem,
    private readonly api: ApiClient,
    private readonly workspace: string,
  ) {}

  /** A workspace with the sandbox accounts One and Two and a webhook for `events` to the receiver, and the audit of its posts. */
  static async ofNewWorkspace(system: DistributedSystem, receiver: WebhookReceiver, name: string, events: string[]) {
    const admin = adminOf(system);
    const workspace = await approverWorkspace(admin, name);
    const accounts = [await connectSandbox(admin, workspace, 'One'), await connectSandbox(admin, workspace, 'Two')];
    await createWebhook(admin, workspace, { url: receiver.url(), events });
    return { admin, workspace, accounts, audit: new PublicationAudit(system, admin, workspace) };
  }

  /** Waits until every post reads `published` through the gateway; fails naming the ones that do not. */
  async allPublished(postUuids: readonly string[], timeoutMs: number): Promise<void> {
    let statuses = new Map<string, string>();
    const done = await eventually(
      async () => {
        const listed = await this.api.get(`/api/${this.workspace}/posts?limit=100`);
        if (listed.status !== 200) return false;
        statuses = new Map(listed.body.data.map((post: { uuid: string; status: string }) => [post.uuid, post.status]));
        return postUuids.every((uuid) => statuses.get(uuid) === 'published');
      },
      `${postUuids.length} posts to be published`,
      within(timeoutMs),
    ).catch(() => false);
    if (!done) {
      const pending = postUuids.filter((uuid) => statuses.get(uuid) !== 'published').map((uuid) => `${uuid}: ${statuses.get(uuid) ?? 'not listed'}`);
      throw new Error(`Not every post was published within ${timeoutMs} ms; not published: ${pending.join(', ')}`);
    }
  }

  /** Waits until the receiver has a post.published of each post, then checks there is one delivery (webhook-id) per post. */
  async toldOncePerPost(receiver: WebhookReceiver, postUuids: readonly string[], timeoutMs: number): Promise<void> {
    await receiver.waitFor(
      () => postUuids.every((uuid) => receiver.about(uuid, 'post.published').length > 0),
      timeoutMs,
      `post.published of each of ${postUuids.length} posts`,
    );
    const deliveriesPerPost = Object.fromEntries(
      postUuids.map((uuid) => [uuid, [...new Set(receiver.about(uuid, 'post.published').map((request) => request.deliveryId))]]),
    );
    const doubled = Object.entries(deliveriesPerPost).filter(([, ids]) => ids.length !== 1);
    expect(doubled).toEqual([]);
  }

  /**
   * The event store holds, per post, one publishing round, one AccountPublished per account and one
   * PostPublished; the publisher journaled one finished attempt per post and account, each with an
   * external id of its own.
   */
  async storedOnce(postUuids: readonly string[], accountsPerPost: number): Promise<void> {
    const events = await this.system.query<{ stream_id: string; type: string; account_id: string | null; count: number }>(
      `SELECT stream_id, type, data->>'accountId' AS account_id, count(*)::int AS count
       FROM eventstore.events
       WHERE stream_id = ANY($1) AND type IN ('PublishingStarted', 'AccountPublished', 'AccountPublishFailed', 'PostPublished', 'PostPublishFailed')
       GROUP BY stream_id, type, data->>'accountId'`,
      [postUuids.map((uuid) => `post-${uuid}`)],
    );
    const perPost = (type: string) => postUuids.map((uuid) => events.filter((row) => row.stream_id === `post-${uuid}` && row.type === type));
    expect(perPost('PublishingStarted').map((rows) => rows.map((row) => row.count))).toEqual(postUuids.map(() => [1]));
    expect(perPost('PostPublished').map((rows) => rows.map((row) => row.count))).toEqual(postUuids.map(() => [1]));
    expect(perPost('AccountPublished').map((rows) => rows.map((row) => row.count))).toEqual(postUuids.map(() => Array(accountsPerPost).fill(1)));
    expect(events.filter((row) => row.type === 'AccountPublishFailed' || row.type === 'PostPublishFailed')).toEqual([]);

    const attempts = await this.system.query<{ post_uuid: string; state: string; outcome: string; external_id: string }>(
      'SELECT post_uuid::text, state, outcome, external_id FROM publisher.attempts WHERE post_uuid::text = ANY($1)',
      [postUuids],
    );
    expect(attempts).toHaveLength(postUuids.length * accountsPerPost);
    expect(attempts.filter((attempt) => attempt.state !== 'finished' || attempt.outcome !== 'published')).toEqual([]);
    expect(new Set(attempts.map((attempt) => attempt.external_id)).size).toBe(attempts.length);
  }
}
