import { Generated, Kysely } from 'kysely';
import { PreparedQuery, SchemaDatabase, SchemaMigration, toDate } from '@app/persistence';
import { IncomingMessage, OutgoingMessage } from '../message-bus.port';

/**
 * The durable log behind the in-process bus, in schema `bus`: a topic's partitions, the messages,
 * and each consumer group's committed offsets (the next offset the group will read, as in Kafka).
 */
export const BUS_SCHEMA = 'bus';

/** Tables of schema `bus`, as Kysely sees them. */
export interface BusTables {
  /** `next_offset`: the offset the partition assigns next, or less when the writer remembers it (see `nextOffsets`). */
  partitions: { topic: string; partition: number; next_offset: Generated<number> };
  messages: {
    topic: string;
    partition: number;
    offset: number;
    key: string;
    value: unknown;
    headers: unknown;
    timestamp: Generated<Date | string>;
  };
  committed_offsets: { group_id: string; topic: string; partition: number; next_offset: number; committed_at: Generated<Date | string> };
}

export type BusLog = SchemaDatabase<BusTables>;

export const busMigrations: readonly SchemaMigration[] = [
  {
    id: '001-message-log',
    up: async (db, dialect) => {
      await db.schema
        .createTable('partitions')
        .ifNotExists()
        .addColumn('topic', 'text', (col) => col.notNull())
        .addColumn('partition', 'integer', (col) => col.notNull())
        .addColumn('next_offset', dialect.types.bigint, (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('partitions_pkey', ['topic', 'partition'])
        .execute();
      await db.schema
        .createTable('messages')
        .ifNotExists()
        .addColumn('topic', 'text', (col) => col.notNull())
        .addColumn('partition', 'integer', (col) => col.notNull())
        .addColumn('offset', dialect.types.bigint, (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('value', dialect.types.json, (col) => col.notNull())
        .addColumn('headers', dialect.types.json, (col) => col.notNull())
        .addColumn('timestamp', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addPrimaryKeyConstraint('messages_pkey', ['topic', 'partition', 'offset'])
        .execute();
      await db.schema
        .createTable('committed_offsets')
        .ifNotExists()
        .addColumn('group_id', 'text', (col) => col.notNull())
        .addColumn('topic', 'text', (col) => col.notNull())
        .addColumn('partition', 'integer', (col) => col.notNull())
        .addColumn('next_offset', dialect.types.bigint, (col) => col.notNull())
        .addColumn('committed_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addPrimaryKeyConstraint('committed_offsets_pkey', ['group_id', 'topic', 'partition'])
        .execute();
    },
  },
];

/**
 * Creates the topic with `partitions` partitions unless it exists, and returns its partition
 * count. As in Kafka, an existing topic keeps the count it was created with, so keys keep their
 * partition across restarts with another setting.
 */
export async function ensureTopic({ db, dialect }: BusLog, topic: string, partitions: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // Processes creating the same topic at once agree on one partition count.
    await dialect.transactionLock(tx, `bus-topic:${topic}`);
    const existing = await tx
      .selectFrom('partitions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('topic', '=', topic)
      .executeTakeFirstOrThrow();
    if (Number(existing.count) > 0) return Number(existing.count);
    await tx
      .insertInto('partitions')
      .values(Array.from({ length: partitions }, (_, partition) => ({ topic, partition })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return partitions;
  });
}

/** Messages bound for one partition of a topic. */
export interface PartitionBatch {
  partition: number;
  messages: readonly OutgoingMessage[];
}

/** A partition's messages with the offset of the first; the others follow without gaps. */
export interface NumberedBatch extends PartitionBatch {
  firstOffset: number;
}

/** Rows of one insert: six parameters a row keeps a chunk far below every engine's limit. */
export const ROWS_PER_INSERT = 500;

type MessageRow = Omit<BusTables['messages'], 'timestamp'>;

const insertOneMessage = new PreparedQuery(({ db }: BusLog, row: MessageRow) =>
  db.insertInto('messages').values({ topic: row.topic, partition: row.partition, offset: row.offset, key: row.key, value: row.value, headers: row.headers }),
);

/** Inserts the numbered messages, one statement per ROWS_PER_INSERT (a transaction of the caller's for more). */
/** Writes the numbered batches; returns the messages as readers will get them (each value parsed once, from the text stored). */
export async function insertMessages(log: BusLog, executor: Kysely<BusTables>, topic: string, batches: readonly NumberedBatch[]): Promise<IncomingMessage[]> {
  const { dialect } = log;
  const rows = batches.flatMap(({ partition, messages, firstOffset }) =>
    messages.map((message, index) => ({
      topic,
      partition,
      offset: firstOffset + index,
      key: message.key,
      value: dialect.json(message.value),
      headers: dialect.json(message.headers ?? {}),
    })),
  );
  // One message, the most common append: a prepared statement.
  if (rows.length === 1) await insertOneMessage.run(log, rows[0], executor);
  else {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await executor
        .insertInto('messages')
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
  }
  const timestamp = String(Date.now());
  return rows.map((row) => ({
    topic,
    partition: row.partition,
    offset: String(row.offset),
    key: row.key,
    value: JSON.parse(row.value),
    headers: JSON.parse(row.headers) as Record<string, string>,
    timestamp,
  }));
}

/**
 * Takes `count` offsets of a partition and returns the first. The partition's row stays locked
 * until the transaction `tx` ends, so writers in several processes get distinct offsets and
 * commit them in order.
 */
export async function reserveOffsets(tx: Kysely<BusTables>, topic: string, partition: number, count: number): Promise<number> {
  const head = await tx
    .updateTable('partitions')
    .set((eb) => ({ next_offset: eb('next_offset', '+', count) }))
    .where('topic', '=', topic)
    .where('partition', '=', partition)
    .returning('next_offset')
    .executeTakeFirst();
  if (!head) throw new Error(`Topic "${topic}" has no partition ${partition}.`);
  return Number(head.next_offset) - count;
}

/**
 * The next offset of each partition of a topic: past the last message, and never below the
 * partition's recorded next offset (which retention keeps up to date before deleting the last
 * messages of a partition).
 */
export async function nextOffsets({ db }: BusLog, topic: string): Promise<Map<number, number>> {
  const partitions = await db.selectFrom('partitions').select(['partition', 'next_offset']).where('topic', '=', topic).execute();
  const ends = await db
    .selectFrom('messages')
    .select((eb) => ['partition', eb.fn.max('offset').as('last')])
    .where('topic', '=', topic)
    .groupBy('partition')
    .execute();
  const last = new Map(ends.map((row) => [row.partition, Number(row.last)]));
  return new Map(partitions.map((row) => [row.partition, Math.max(Number(row.next_offset), (last.get(row.partition) ?? -1) + 1)]));
}

const readMessages = new PreparedQuery(({ db }: BusLog, p: { topic: string; partition: number; fromOffset: number; limit: number }) =>
  db
    .selectFrom('messages')
    .select(['offset', 'key', 'value', 'headers', 'timestamp'])
    .where('topic', '=', p.topic)
    .where('partition', '=', p.partition)
    .where('offset', '>=', p.fromOffset)
    .orderBy('offset')
    .limit(p.limit),
);

export async function readPartition(log: BusLog, topic: string, partition: number, fromOffset: number, limit: number): Promise<IncomingMessage[]> {
  const { dialect } = log;
  const rows = await readMessages.rows(log, { topic, partition, fromOffset, limit });
  return rows.map((row) => ({
    topic,
    partition,
    offset: String(row.offset),
    key: row.key,
    value: dialect.readJson(row.value),
    headers: dialect.readJson<Record<string, string>>(row.headers),
    timestamp: String(toDate(row.timestamp).getTime()),
  }));
}

/**
 * Registers the group on the partition (so retention keeps what it has not read yet) and returns
 * the next offset it reads: its committed offset, or the start of the log for a new group.
 */
export async function joinPartition({ db }: BusLog, groupId: string, topic: string, partition: number): Promise<number> {
  await db
    .insertInto('committed_offsets')
    .values({ group_id: groupId, topic, partition, next_offset: 0 })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const row = await db
    .selectFrom('committed_offsets')
    .select('next_offset')
    .where('group_id', '=', groupId)
    .where('topic', '=', topic)
    .where('partition', '=', partition)
    .executeTakeFirstOrThrow();
  return Number(row.next_offset);
}

const upsertCommittedOffset = new PreparedQuery(
  ({ db, dialect }: BusLog, p: { groupId: string; topic: string; partition: number; nextOffset: number }) =>
    db
      .insertInto('committed_offsets')
      .values({ group_id: p.groupId, topic: p.topic, partition: p.partition, next_offset: p.nextOffset })
      .onConflict((conflict) =>
        conflict.columns(['group_id', 'topic', 'partition']).doUpdateSet((eb) => ({
          next_offset: eb.ref('excluded.next_offset'),
          committed_at: dialect.now(),
        })),
      ),
);

/** Records the group's next offset of the partition (on `executor`: the log's database or a transaction of it). */
export async function commitOffset(
  log: BusLog,
  groupId: string,
  topic: string,
  partition: number,
  nextOffset: number,
  executor: Kysely<BusTables> = log.db,
): Promise<void> {
  await upsertCommittedOffset.run(log, { groupId, topic, partition, nextOffset }, executor);
}

/**
 * Deletes messages older than `olderThanMs` that every group registered on their partition has
 * already committed, partition by partition. Partitions no group has joined are kept whole.
 */
export async function deleteConsumedMessages({ db, dialect }: BusLog, olderThanMs: number): Promise<number> {
  const lowWaterMarks = await db
    .selectFrom('committed_offsets')
    .select((eb) => ['topic', 'partition', eb.fn.min('next_offset').as('next_offset')])
    .groupBy(['topic', 'partition'])
    .execute();
  let deleted = 0;
  for (const mark of lowWaterMarks) {
    const lowWater = Number(mark.next_offset);
    if (lowWater === 0) continue;
    deleted += await db.transaction().execute(async (tx) => {
      // A writer that remembers its offsets finds the partition's next offset here once its
      // last messages are gone: every group committed up to the low-water mark, so it is at least that.
      await tx
        .updateTable('partitions')
        .set({ next_offset: lowWater })
        .where('topic', '=', mark.topic)
        .where('partition', '=', mark.partition)
        .where('next_offset', '<', lowWater)
        .execute();
      const result = await tx
        .deleteFrom('messages')
        .where('topic', '=', mark.topic)
        .where('partition', '=', mark.partition)
        .where('offset', '<', lowWater)
        .where('timestamp', '<', dialect.nowPlusMs(-olderThanMs))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
  return deleted;
}
