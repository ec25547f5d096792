import { Migration, SqlClient, SqlExecutor } from '@app/persistence';
import { IncomingMessage, OutgoingMessage } from '../message-bus.port';

/**
 * The durable log behind the in-process bus, in the `bus` schema: a topic's partitions with the
 * next offset each will assign, the messages, and each consumer group's committed offsets (the
 * next offset the group will read, as in Kafka).
 */
export const BUS_SCHEMA = 'bus';

export const busMigrations: readonly Migration[] = [
  {
    id: '001-message-log',
    sql: `CREATE TABLE IF NOT EXISTS bus.partitions (
      topic text NOT NULL,
      partition integer NOT NULL,
      next_offset bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (topic, partition)
    );
    CREATE TABLE IF NOT EXISTS bus.messages (
      topic text NOT NULL,
      partition integer NOT NULL,
      "offset" bigint NOT NULL,
      key text NOT NULL,
      value jsonb NOT NULL,
      headers jsonb NOT NULL,
      "timestamp" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (topic, partition, "offset")
    );
    CREATE TABLE IF NOT EXISTS bus.committed_offsets (
      group_id text NOT NULL,
      topic text NOT NULL,
      partition integer NOT NULL,
      next_offset bigint NOT NULL,
      committed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (group_id, topic, partition)
    )`,
  },
];

/**
 * Creates the topic with `partitions` partitions unless it exists, and returns its partition
 * count. As in Kafka, an existing topic keeps the count it was created with, so keys keep their
 * partition across restarts with another setting.
 */
export async function ensureTopic(sql: SqlExecutor, topic: string, partitions: number): Promise<number> {
  await sql.query(
    `INSERT INTO bus.partitions (topic, partition)
     SELECT $1, p FROM generate_series(0, $2::integer - 1) AS p
     WHERE NOT EXISTS (SELECT 1 FROM bus.partitions WHERE topic = $1)
     ON CONFLICT DO NOTHING`,
    [topic, partitions],
  );
  const [row] = await sql.query<{ count: number }>('SELECT count(*)::integer AS count FROM bus.partitions WHERE topic = $1', [topic]);
  return row.count;
}

const ROWS_PER_INSERT = 500;

/**
 * Appends messages to one partition. Taking the offsets locks the partition's row until the
 * transaction ends, so concurrent publishers get distinct offsets and commit them in order.
 */
export async function appendToPartition(
  tx: SqlExecutor,
  topic: string,
  partition: number,
  messages: readonly OutgoingMessage[],
): Promise<void> {
  const [head] = await tx.query<{ next_offset: number }>(
    'UPDATE bus.partitions SET next_offset = next_offset + $3 WHERE topic = $1 AND partition = $2 RETURNING next_offset',
    [topic, partition, messages.length],
  );
  if (!head) throw new Error(`Topic "${topic}" has no partition ${partition}.`);
  const firstOffset = head.next_offset - messages.length;
  for (let start = 0; start < messages.length; start += ROWS_PER_INSERT) {
    const chunk = messages.slice(start, start + ROWS_PER_INSERT);
    const params: unknown[] = [topic, partition];
    const rows = chunk.map((message, index) => {
      params.push(firstOffset + start + index, message.key, JSON.stringify(message.value ?? null), JSON.stringify(message.headers ?? {}));
      const at = 3 + index * 4;
      return `($1, $2, $${at}, $${at + 1}, $${at + 2}::jsonb, $${at + 3}::jsonb)`;
    });
    await tx.query(`INSERT INTO bus.messages (topic, partition, "offset", key, value, headers) VALUES ${rows.join(', ')}`, params);
  }
}

interface MessageRow {
  offset: number;
  key: string;
  value: unknown;
  headers: Record<string, string>;
  timestamp_ms: number;
}

export async function readPartition(
  sql: SqlExecutor,
  topic: string,
  partition: number,
  fromOffset: number,
  limit: number,
): Promise<IncomingMessage[]> {
  const rows = await sql.query<MessageRow>(
    `SELECT "offset", key, value, headers, floor(extract(epoch FROM "timestamp") * 1000)::bigint AS timestamp_ms
     FROM bus.messages WHERE topic = $1 AND partition = $2 AND "offset" >= $3 ORDER BY "offset" LIMIT $4`,
    [topic, partition, fromOffset, limit],
  );
  return rows.map((row) => ({
    topic,
    partition,
    offset: String(row.offset),
    key: row.key,
    value: row.value,
    headers: row.headers,
    timestamp: String(row.timestamp_ms),
  }));
}

/**
 * Registers the group on the partition (so retention keeps what it has not read yet) and returns
 * the next offset it reads: its committed offset, or the start of the log for a new group.
 */
export async function joinPartition(sql: SqlExecutor, groupId: string, topic: string, partition: number): Promise<number> {
  await sql.query(
    'INSERT INTO bus.committed_offsets (group_id, topic, partition, next_offset) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING',
    [groupId, topic, partition],
  );
  const [row] = await sql.query<{ next_offset: number }>(
    'SELECT next_offset FROM bus.committed_offsets WHERE group_id = $1 AND topic = $2 AND partition = $3',
    [groupId, topic, partition],
  );
  return row.next_offset;
}

export async function commitOffset(sql: SqlExecutor, groupId: string, topic: string, partition: number, nextOffset: number): Promise<void> {
  await sql.query(
    `INSERT INTO bus.committed_offsets (group_id, topic, partition, next_offset) VALUES ($1, $2, $3, $4)
     ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset, committed_at = now()`,
    [groupId, topic, partition, nextOffset],
  );
}

/**
 * Deletes messages older than `olderThanMs` that every group registered on their partition has
 * already committed. Partitions no group has joined are kept whole.
 */
export async function deleteConsumedMessages(sql: SqlClient, olderThanMs: number): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `WITH low_water AS (
       SELECT topic, partition, min(next_offset) AS next_offset FROM bus.committed_offsets GROUP BY topic, partition
     ), deleted AS (
       DELETE FROM bus.messages AS m USING low_water AS w
       WHERE m.topic = w.topic AND m.partition = w.partition AND m."offset" < w.next_offset
         AND m."timestamp" < now() - ($1::bigint * interval '1 millisecond')
       RETURNING 1
     )
     SELECT count(*)::integer AS count FROM deleted`,
    [olderThanMs],
  );
  return row.count;
}
