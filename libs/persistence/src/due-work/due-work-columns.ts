import type { CreateTableBuilder } from 'kysely';
import type { SqlDialect } from '../sql-dialect';

/** Adds the columns of DueWorkColumns to a table being created: `due_at`, `lease_until`, `lease_token`, `expired_leases`. */
export function withDueWorkColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>, dialect: SqlDialect): CreateTableBuilder<TB, C | 'due_at' | 'lease_until' | 'lease_token' | 'expired_leases'> {
  return table
    .addColumn('due_at', dialect.types.timestamp)
    .addColumn('lease_until', dialect.types.timestamp)
    .addColumn('lease_token', 'text')
    .addColumn('expired_leases', 'integer', (col) => col.notNull().defaultTo(0));
}
