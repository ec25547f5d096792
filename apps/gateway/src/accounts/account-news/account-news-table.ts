import type { Generated } from 'kysely';
import type { SchemaMigration } from '@app/persistence';

/**
 * The news of accounts connected and removed that `account-events` has not been told yet: written in
 * the transaction that connects or removes the account, deleted once the broker took it.
 */
export interface AccountNewsTable {
  id: Generated<number>;
  /** The `account-events` message, JSON. */
  message: unknown;
  created_at: Generated<Date | string>;
}

export const accountNewsMigration: SchemaMigration = {
  id: '025-account-news',
  up: async (db, dialect) => {
    await dialect
      .addAutoIncrementKey(db.schema.createTable('account_news'), 'id')
      .addColumn('message', dialect.types.json, (col) => col.notNull())
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
  },
};
