import type { Generated } from 'kysely';
import type { SchemaMigration } from '@app/persistence';

type Timestamp = Date | string;

/** A dashboard session (see DashboardSessionStore): keyed by the SHA-256 digest of its id, which only the browser's cookie holds. */
export interface DashboardSessionsTable {
  session_hash: string;
  user_id: number;
  /** The token the session was opened with: the session ends with it. */
  token_id: number;
  /** The earlier of SESSION_TTL_HOURS after sign-in and the token's own expiry. */
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export const dashboardSessionsMigration: SchemaMigration = {
  id: '021-dashboard-sessions',
  up: async (db, dialect) => {
    await db.schema
      .createTable('dashboard_sessions')
      .addColumn('session_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', dialect.types.bigint, (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_id', dialect.types.bigint, (col) => col.notNull().references('tokens.id').onDelete('cascade'))
      .addColumn('expires_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
    // Revoking a token ends its sessions; the index of live credentials reads in the sessions opened lately.
    await db.schema.createIndex('dashboard_sessions_token').on('dashboard_sessions').column('token_id').execute();
    await db.schema.createIndex('dashboard_sessions_created_at').on('dashboard_sessions').column('created_at').execute();
    await db.schema.createIndex('dashboard_sessions_expires_at').on('dashboard_sessions').column('expires_at').execute();
  },
};
