import type { SchemaMigration } from '@app/persistence';

/** An authorization under way: who asked, for which workspace, and the PKCE verifier (encrypted). Keyed by the state's hash. */
export interface OAuthStatesTable {
  state_hash: string;
  workspace_uuid: string;
  provider: string;
  user_id: number;
  account_name: string | null;
  /** The account to connect again, when reconnecting one. */
  account_id: number | null;
  verifier_encrypted: string;
  expires_at: Date | string;
  /** SHA-256 of the secret kept in a cookie of the browser that asked; null for rows written before. */
  browser_binding_hash: string | null;
}

export const oauthStatesMigration: SchemaMigration = {
  id: '010-oauth-states',
  up: async (db, dialect) => {
    await db.schema
      .createTable('oauth_states')
      .addColumn('state_hash', 'text', (col) => col.primaryKey())
      .addColumn('workspace_uuid', 'text', (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('account_name', 'text')
      .addColumn('account_id', 'integer')
      .addColumn('verifier_encrypted', 'text', (col) => col.notNull())
      .addColumn('expires_at', dialect.types.timestamp, (col) => col.notNull())
      .execute();
  },
};

/** Binds each authorization to the browser that began it (see OAuthStates). */
export const oauthStateBindingMigration: SchemaMigration = {
  id: '011-oauth-state-binding',
  up: async (db) => {
    await db.schema.alterTable('oauth_states').addColumn('browser_binding_hash', 'text').execute();
  },
};
