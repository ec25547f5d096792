import { runMigrations, SqlClient, SqlExecutor } from '@app/persistence';
import {
  AllSubscription,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../event-store.port';
import { AllSubscriptionLoop, SubscriptionTiming } from './all-subscription-loop';
import { EVENT_STORE_SCHEMA, eventStoreMigrations } from './event-store-migrations';

const EVENTS = `${EVENT_STORE_SCHEMA}.events`;
const COLUMNS = 'position, stream_id, revision, id, type, data, metadata, recorded_at';

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, string>;
  recorded_at: Date | string;
}

export type SqlEventStoreOptions = Partial<SubscriptionTiming>;

/**
 * The event store on PostgreSQL or PGlite (same SQL through SqlClient), in schema `eventstore`.
 * It does not own the SqlClient: `close()` stops subscriptions and leaves the connection open.
 */
export class SqlEventStore implements EventStore {
  private readonly timing: SubscriptionTiming;
  private readonly subscriptions = new Set<AllSubscriptionLoop>();

  constructor(
    private readonly sql: SqlClient,
    options: SqlEventStoreOptions = {},
  ) {
    this.timing = { pollIntervalMs: 250, retryDelayMs: 1000, batchSize: 500, ...options };
  }

  async migrate(): Promise<void> {
    await runMigrations(this.sql, EVENT_STORE_SCHEMA, eventStoreMigrations);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    const result = await this.sql.transaction(async (tx) => {
      // One append at a time across all processes: a position is only handed out once every
      // smaller one has committed or rolled back, so readers never see a later event first.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('eventstore.append'))`);
      const last = await lastEventOf(tx, streamId);
      checkExpectedRevision(streamId, expectedRevision, last?.revision ?? 'no_stream');
      if (events.length === 0) return { nextRevision: last?.revision ?? -1, position: last?.position ?? -1 };
      return insertEvents(tx, streamId, (last?.revision ?? -1) + 1, events);
    });
    if (events.length > 0) for (const subscription of this.subscriptions) subscription.notify();
    return result;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows = await this.sql.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${EVENTS} WHERE stream_id = $1 ORDER BY revision`,
      [streamId],
    );
    return rows.map(toRecordedEvent);
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    const rows = await this.sql.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${EVENTS} WHERE position > $1 ORDER BY position LIMIT $2`,
      [afterPosition, limit],
    );
    return rows.map(toRecordedEvent);
  }

  subscribeToAll(afterPosition: number, onEvent: (event: RecordedEvent) => Promise<void>): AllSubscription {
    const subscription: AllSubscriptionLoop = new AllSubscriptionLoop(
      (after, limit) => this.readAll(after, limit),
      afterPosition,
      onEvent,
      this.timing,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
  }
}

async function lastEventOf(tx: SqlExecutor, streamId: string): Promise<{ revision: number; position: number } | undefined> {
  const rows = await tx.query<{ revision: number; position: number }>(
    `SELECT revision, position FROM ${EVENTS} WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`,
    [streamId],
  );
  return rows[0];
}

function checkExpectedRevision(streamId: string, expected: ExpectedRevision, actual: number | 'no_stream'): void {
  if (expected === 'any' || expected === actual) return;
  throw new WrongExpectedRevisionError(streamId, expected, actual);
}

async function insertEvents(
  tx: SqlExecutor,
  streamId: string,
  firstRevision: number,
  events: readonly NewEvent[],
): Promise<AppendResult> {
  const params: unknown[] = [streamId];
  const rows = events.map((event, index) => {
    const at = params.length;
    params.push(firstRevision + index, event.id, event.type, JSON.stringify(event.data ?? null), JSON.stringify(event.metadata ?? {}));
    return `($1, $${at + 1}::integer, $${at + 2}::uuid, $${at + 3}::text, $${at + 4}::text::jsonb, $${at + 5}::text::jsonb)`;
  });
  const inserted = await tx.query<{ position: number }>(
    `INSERT INTO ${EVENTS} (stream_id, revision, id, type, data, metadata) VALUES ${rows.join(', ')} RETURNING position`,
    params,
  );
  return {
    nextRevision: firstRevision + events.length - 1,
    position: Math.max(...inserted.map((row) => row.position)),
  };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}
