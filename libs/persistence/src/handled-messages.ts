import { Migration } from './migrations';
import { SqlClient, SqlExecutor } from './sql-client';

/**
 * Idempotent consumers: a message's effect and the record that it was handled commit in one
 * transaction, so a redelivered message is recognised and skipped.
 */
export const handledMessagesMigration = (schema: string): Migration => ({
  id: '000-handled-messages',
  sql: `CREATE TABLE IF NOT EXISTS ${schema}.handled_messages (
    consumer text NOT NULL,
    message_id text NOT NULL,
    handled_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
  )`,
});

/** Runs `effect` unless `messageId` was already handled by `consumer`; returns whether it ran. */
export async function handleOnce(
  sql: SqlClient,
  schema: string,
  consumer: string,
  messageId: string,
  effect: (tx: SqlExecutor) => Promise<void>,
): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO ${schema}.handled_messages (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING message_id`,
      [consumer, messageId],
    );
    if (inserted.length === 0) return false;
    await effect(tx);
    return true;
  });
}
