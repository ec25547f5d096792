import { Inject, Injectable } from '@nestjs/common';
import { IncomingMessage, readDeadLetter } from '@app/messaging';
import { toDate, isoTimestamp } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';
import { DeadLettersTable } from './dead-letters-table';

/** A dead letter as the API shows it. */
export interface DeadLetterView {
  id: number;
  topic: string | null;
  partition: number | null;
  offset: string | null;
  dead_letter_topic: string;
  key: string;
  event_type: string | null;
  group_id: string | null;
  attempts: number | null;
  error: string;
  dead_lettered_at: string;
  replayable: boolean;
  not_replayable_reason: string | null;
  replayed_at: string | null;
  value: unknown;
  headers: Record<string, string>;
}

export type DeadLetterStatus = 'pending' | 'replayed' | 'all';
export const DEAD_LETTER_STATUSES: readonly DeadLetterStatus[] = ['pending', 'replayed', 'all'];

export interface DeadLetterFilter {
  status: DeadLetterStatus;
  /** The topic the messages were given up on (`post-commands`, not `post-commands.dlq`). */
  topic?: string;
  /** Only ids below this one (the next page of a newest-first list). */
  before?: number;
  limit: number;
}

/** The dead letters the gateway has read from the `.dlq` topics (schema `gateway`, table `dead_letters`). */
@Injectable()
export class DeadLetterStore {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  /** Keeps a message of a `.dlq` topic; one read again (redelivered) changes nothing. */
  async record(message: IncomingMessage): Promise<void> {
    const letter = readDeadLetter(message);
    await this.database.db
      .insertInto('dead_letters')
      .values({
        dlq_topic: message.topic,
        dlq_partition: message.partition,
        dlq_offset: message.offset,
        original_topic: letter.originalTopic,
        original_partition: letter.originalPartition,
        original_offset: letter.originalOffset,
        group_id: letter.groupId,
        attempts: letter.attempts,
        error: letter.error,
        message_key: message.key,
        // Text, not a JSON column: a value PostgreSQL's jsonb refuses (an escaped NUL) is still kept.
        value_json: JSON.stringify(message.value ?? null),
        headers_json: JSON.stringify(letter.headers),
        not_replayable: letter.notReplayable,
        dead_lettered_at: timestampOf(message),
      })
      .onConflict((conflict) => conflict.columns(['dlq_topic', 'dlq_partition', 'dlq_offset']).doNothing())
      .execute();
  }

  /** Newest first. */
  async list(filter: DeadLetterFilter): Promise<DeadLetterView[]> {
    let query = this.database.db.selectFrom('dead_letters').selectAll();
    if (filter.status === 'pending') query = query.where('replayed_at', 'is', null);
    if (filter.status === 'replayed') query = query.where('replayed_at', 'is not', null);
    if (filter.topic !== undefined) query = query.where('original_topic', '=', filter.topic);
    if (filter.before !== undefined) query = query.where('id', '<', filter.before);
    const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(viewOf);
  }

  async get(id: number): Promise<DeadLetterView | null> {
    const row = await this.database.db.selectFrom('dead_letters').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? viewOf(row) : null;
  }

  /** The oldest pending replayable ones first: the order they were given up in. */
  async pendingReplayable(topic: string | undefined, limit: number): Promise<DeadLetterView[]> {
    let query = this.database.db.selectFrom('dead_letters').selectAll().where('replayed_at', 'is', null).where('not_replayable', 'is', null);
    if (topic !== undefined) query = query.where('original_topic', '=', topic);
    return (await query.orderBy('id', 'asc').limit(limit).execute()).map(viewOf);
  }

  async countPendingReplayable(topic: string | undefined): Promise<number> {
    let query = this.database.db
      .selectFrom('dead_letters')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('replayed_at', 'is', null)
      .where('not_replayable', 'is', null);
    if (topic !== undefined) query = query.where('original_topic', '=', topic);
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  /** How many wait, not yet replayed (replayable or not), and since when the oldest. */
  async waiting(): Promise<{ waiting: number; oldestAt: Date | null }> {
    const row = await this.database.db
      .selectFrom('dead_letters')
      .where('replayed_at', 'is', null)
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('dead_lettered_at').as('oldest')])
      .executeTakeFirstOrThrow();
    return { waiting: Number(row.count), oldestAt: toDate(row.oldest) };
  }

  /** Marks it replayed unless it already was; says whether this call did (so two replays never both send it). */
  async claimReplay(id: number): Promise<boolean> {
    const result = await this.database.db
      .updateTable('dead_letters')
      .set({ replayed_at: new Date() })
      .where('id', '=', id)
      .where('replayed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Undoes a claim whose message could not be sent. */
  async releaseReplay(id: number): Promise<void> {
    await this.database.db.updateTable('dead_letters').set({ replayed_at: null }).where('id', '=', id).execute();
  }
}

function timestampOf(message: IncomingMessage): Date {
  const millis = Number(message.timestamp);
  return Number.isFinite(millis) && millis > 0 ? new Date(millis) : new Date();
}

function viewOf(row: DeadLettersTable): DeadLetterView {
  const headers = JSON.parse(row.headers_json) as Record<string, string>;
  return {
    id: Number(row.id),
    topic: row.original_topic,
    partition: row.original_partition,
    offset: row.original_offset,
    dead_letter_topic: row.dlq_topic,
    key: row.message_key,
    event_type: headers['event-type'] ?? null,
    group_id: row.group_id,
    attempts: row.attempts,
    error: row.error,
    dead_lettered_at: isoTimestamp(row.dead_lettered_at),
    replayable: row.not_replayable === null,
    not_replayable_reason: row.not_replayable,
    replayed_at: row.replayed_at === null ? null : isoTimestamp(row.replayed_at),
    value: JSON.parse(row.value_json),
    headers,
  };
}
