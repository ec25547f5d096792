import { randomUUID } from 'node:crypto';
import { Headers, PostCommandMessage, Topics } from '@app/contracts';
import { eventually } from '@app/testing/eventually';
import type { GatewayTestApp } from './gateway-test-app';

/** What the publisher reports for one account. */
export interface AccountResult {
  accountId: number;
  outcome: 'published' | 'failed';
}

/** A round goes through the bus twice and the post-service in between. */
const ROUND_PATIENCE = { timeoutMs: 10_000 };

/**
 * Publishes a scheduled post as the scheduler and the publisher would: StartPublishing for the
 * schedule the gateway saw last on `post-events`, then each account's result, on `post-commands`;
 * the post-service decides. Resolves once the gateway shows the outcome (with no results: once it
 * shows the post publishing).
 */
export async function runPublishingRound(gateway: GatewayTestApp, postUuid: string, results: AccountResult[]): Promise<void> {
  const { revision: scheduledRevision } = await eventually(
    () =>
      gateway.tables.db
        .selectFrom('post_history')
        .select('revision')
        .where('post_uuid', '=', postUuid)
        .where('type', '=', 'post.scheduled')
        .orderBy('revision', 'desc')
        .executeTakeFirst(),
    `the schedule of post ${postUuid} in the gateway's history`,
    ROUND_PATIENCE,
  );
  const sentAt = new Date().toISOString();
  const commands: PostCommandMessage[] = [
    { commandId: randomUUID(), type: 'StartPublishing', postUuid, scheduledRevision, sentAt },
    ...results.map(({ accountId, outcome }): PostCommandMessage => ({
      commandId: randomUUID(),
      type: 'RecordPublishResult',
      postUuid,
      accountId,
      outcome,
      externalId: outcome === 'published' ? `post-${accountId}` : null,
      externalUrl: outcome === 'published' ? `https://sandbox.local/post-${accountId}` : null,
      errors: outcome === 'published' ? [] : ['The platform refused the post.'],
      sentAt,
    })),
  ];
  for (const command of commands) {
    await gateway.bus.publish(Topics.postCommands, [{ key: postUuid, value: command, headers: { [Headers.messageId]: command.commandId } }]);
  }
  await eventually(
    async () => {
      const post = await gateway.tables.db.selectFrom('posts').select('status').where('uuid', '=', postUuid).executeTakeFirst();
      // Without results the round only starts: the post stays publishing.
      return post && (results.length === 0 ? ['publishing'] : ['published', 'failed']).includes(post.status);
    },
    `the post-service to ${results.length === 0 ? 'start' : 'finish'} the publishing round of post ${postUuid}`,
    ROUND_PATIENCE,
  );
}
