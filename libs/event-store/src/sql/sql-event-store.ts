import { migrateSchema, PreparedQuery, SchemaDatabase, SqlDatabase, isoTimestamp } from '@app/persistence';
import {
  AllSubscription,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  WritesAlongside,
  WrongExpectedRevisionError,
} from '../event-store.port';
import { AllSubscriptionLoop, SubscriptionTiming } from './all-subscription-loop';
import { EVENT_STORE_SCHEMA, EventStoreTables, eventStoreMigrations } from './event-store-migrations';

const COLUMNS = ['position', 'stream_id', 'revision', 'id', 'type', 'data', 'metadata', 'recorded_at'] as const;

type EventRow = { [K in (typeof COLUMNS)[number]]: K extends 'position' | 'recorded_at' ? unknown : EventStoreTables['events'][K] };

/** Rows per insert: an append of many events stays far below SQLite's parameter limit. */
const ROWS_PER_INSERT = 500;

type EventStoreDatabase = SchemaDatabase<EventStoreTables>;

const streamEvents = new PreparedQuery(({ db }: EventStoreDatabase, p: { streamId: string }) =>
  db.selectFrom('events').select(COLUMNS).where('stream_id', '=', p.streamId).orderBy('revision'),
);

const eventsAfter = new PreparedQuery(({ db }: EventStoreDatabase, p: { afterPosition: number; limit: number }) =>
  db.selectFrom('events').select(COLUMNS).where('position', '>', p.afterPosition).orderBy('position').limit(p.limit),
);

const lastEventOfStream = new PreparedQuery(({ db }: EventStoreDatabase, p: { streamId: string }) =>
  db.selectFrom('events').select(['revision', 'position']).where('stream_id', '=', p.streamId).orderBy('revision', 'desc').limit(1),
);

type EventRowValues = Omit<EventStoreTables['events'], 'position' | 'recorded_at'>;

const insertEvent = new PreparedQuery(({ db }: EventStoreDatabase, row: EventRowValues) =>
  db
    .insertInto('events')
    .values({ stream_id: row.stream_id, revision: row.revision, id: row.id, type: row.type, data: row.data, metadata: row.metadata })
    .returning(['position', 'recorded_at']),
);

export type SqlEventStoreOptions = Partial<SubscriptionTiming>;

/**
 * The event store on SQLite or PostgreSQL (the same Kysely queries), in schema `eventstore`.
 * It does not own the database: `close()` stops subscriptions and leaves the connection open.
 */
export class SqlEventStore implements EventStore {
  private readonly timing: SubscriptionTiming;
  private readonly subscriptions = new Set<AllSubscriptionLoop>();
  private readonly database: SchemaDatabase<EventStoreTables>;

  constructor(database: SqlDatabase, options: SqlEventStoreOptions = {}) {
    this.database = database.forSchema<EventStoreTables>(EVENT_STORE_SCHEMA);
    this.timing = { pollIntervalMs: 250, retryDelayMs: 1000, batchSize: 500, ...options };
  }

  async migrate(): Promise<void> {
    await migrateSchema(this.database, eventStoreMigrations);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    alongside?: WritesAlongside,
  ): Promise<AppendResult> {
    const { db, dialect, immediate } = this.database;
    const writeAlongside = alongside !== undefined && immediate !== undefined && alongside.connection === immediate;
    const { result, recorded } = await db.transaction().execute(async (tx) => {
      // One append at a time across all processes: a position is only handed out once every
      // smaller one has committed or rolled back, so readers never see a later event first.
      await dialect.transactionLock(tx, 'eventstore.append');
      const last = await lastEventOf(this.database, tx, streamId);
      checkExpectedRevision(streamId, expectedRevision, last?.revision ?? 'no_stream');
      if (events.length === 0) return { result: { nextRevision: last?.revision ?? -1, position: last?.position ?? -1 }, recorded: [] };
      const rows = await insertEvents(tx, this.database, streamId, (last?.revision ?? -1) + 1, events);
      const nextRevision = rows.at(-1)!.revision;
      if (writeAlongside) await alongside.write(nextRevision, tx);
      return { result: { nextRevision, position: rows.at(-1)!.position, wroteAlongside: writeAlongside }, recorded: rows };
    });
    if (recorded.length > 0) this.notifySubscriptions(recorded);
    return result;
  }

  /**
   * Wakes this process's subscriptions. On a database no other process writes (SQLite), they are
   * handed the events as committed, so they need not read them back.
   */
  private notifySubscriptions(recorded: readonly InsertedEvent[]): void {
    if (!this.database.dialect.singleProcess) {
      for (const subscription of this.subscriptions) subscription.notify();
      return;
    }
    const events = recorded.map((row) => this.toRecordedEvent(row));
    for (const subscription of this.subscriptions) subscription.handOver(events);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows = await streamEvents.rows(this.database, { streamId });
    return rows.map((row) => this.toRecordedEvent(row));
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    const rows = await eventsAfter.rows(this.database, { afterPosition, limit });
    return rows.map((row) => this.toRecordedEvent(row));
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

  private toRecordedEvent(row: EventRow): RecordedEvent {
    const { readJson } = this.database.dialect;
    return {
      id: row.id,
      streamId: row.stream_id,
      revision: row.revision,
      position: Number(row.position),
      type: row.type,
      data: readJson(row.data),
      metadata: readJson<Record<string, string>>(row.metadata),
      recordedAt: isoTimestamp(row.recorded_at as Date | string),
    };
  }
}

type Transaction = EventStoreDatabase['db'];

async function lastEventOf(database: EventStoreDatabase, tx: Transaction, streamId: string): Promise<{ revision: number; position: number } | undefined> {
  const row = await lastEventOfStream.first(database, { streamId }, tx);
  return row && { revision: row.revision, position: Number(row.position) };
}

function checkExpectedRevision(streamId: string, expected: ExpectedRevision, actual: number | 'no_stream'): void {
  if (expected === 'any' || expected === actual) return;
  throw new WrongExpectedRevisionError(streamId, expected, actual);
}

/** An event as inserted: its row, with the position and time the database gave it. */
type InsertedEvent = EventRow & { position: number };

async function insertEvents(
  tx: Transaction,
  database: EventStoreDatabase,
  streamId: string,
  firstRevision: number,
  events: readonly NewEvent[],
): Promise<InsertedEvent[]> {
  const { dialect } = database;
  const rows = events.map((event, index) => ({
    stream_id: streamId,
    revision: firstRevision + index,
    id: event.id,
    type: event.type,
    data: dialect.json(event.data ?? null),
    metadata: dialect.json(event.metadata ?? {}),
  }));
  if (rows.length === 1) {
    // One event, the most common append: a prepared statement.
    const inserted = await insertEvent.first(database, rows[0]!, tx);
    if (!inserted) throw new Error(`The insert of event ${rows[0]!.id} returned no position`);
    return [{ ...rows[0]!, position: Number(inserted.position), recorded_at: inserted.recorded_at }];
  }
  const recorded: InsertedEvent[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const inserted = await tx.insertInto('events').values(chunk).returning(['position', 'recorded_at']).execute();
    // RETURNING promises no order; the rows are inserted in the order given, so their positions, sorted, are theirs in that order.
    const byPosition = inserted.map((row) => ({ position: Number(row.position), recordedAt: row.recorded_at })).sort((a, b) => a.position - b.position);
    chunk.forEach((row, index) => recorded.push({ ...row, position: byPosition[index]!.position, recorded_at: byPosition[index]!.recordedAt }));
  }
  return recorded;
}
