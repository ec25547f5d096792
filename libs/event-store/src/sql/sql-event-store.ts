import { migrateSchema, PreparedQuery, SchemaDatabase, SqlDatabase, toDate } from '@app/persistence';
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
    .returning('position'),
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
  ): Promise<AppendResult> {
    const { db, dialect } = this.database;
    const result = await db.transaction().execute(async (tx) => {
      // One append at a time across all processes: a position is only handed out once every
      // smaller one has committed or rolled back, so readers never see a later event first.
      await dialect.transactionLock(tx, 'eventstore.append');
      const last = await lastEventOf(this.database, tx, streamId);
      checkExpectedRevision(streamId, expectedRevision, last?.revision ?? 'no_stream');
      if (events.length === 0) return { nextRevision: last?.revision ?? -1, position: last?.position ?? -1 };
      return insertEvents(tx, this.database, streamId, (last?.revision ?? -1) + 1, events);
    });
    if (events.length > 0) for (const subscription of this.subscriptions) subscription.notify();
    return result;
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
      recordedAt: toDate(row.recorded_at as Date | string).toISOString(),
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

async function insertEvents(
  tx: Transaction,
  database: EventStoreDatabase,
  streamId: string,
  firstRevision: number,
  events: readonly NewEvent[],
): Promise<AppendResult> {
  const { dialect } = database;
  if (events.length === 1) {
    // One event, the most common append: a prepared statement.
    const [event] = events;
    const row = { stream_id: streamId, revision: firstRevision, id: event.id, type: event.type, data: dialect.json(event.data ?? null), metadata: dialect.json(event.metadata ?? {}) };
    const inserted = await insertEvent.first(database, row, tx);
    if (!inserted) throw new Error(`The insert of event ${event.id} returned no position`);
    return { nextRevision: firstRevision, position: Number(inserted.position) };
  }
  let position = -1;
  for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
    const rows = events.slice(start, start + ROWS_PER_INSERT).map((event, index) => ({
      stream_id: streamId,
      revision: firstRevision + start + index,
      id: event.id,
      type: event.type,
      data: dialect.json(event.data ?? null),
      metadata: dialect.json(event.metadata ?? {}),
    }));
    const inserted = await tx.insertInto('events').values(rows).returning('position').execute();
    position = Math.max(position, ...inserted.map((row) => Number(row.position)));
  }
  return { nextRevision: firstRevision + events.length - 1, position };
}
