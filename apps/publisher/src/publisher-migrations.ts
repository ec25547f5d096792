import { Migration } from '@app/persistence';

export const PUBLISHER_SCHEMA = 'publisher';

export const publisherMigrations: readonly Migration[] = [
  {
    id: '001-accounts-and-attempts',
    sql: `CREATE TABLE IF NOT EXISTS publisher.accounts (
  account_id bigint PRIMARY KEY,
  workspace_uuid uuid NOT NULL,
  provider text NOT NULL,
  settings_encrypted text NOT NULL,
  credentials_encrypted text NOT NULL,
  connected_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS publisher.attempts (
  post_uuid uuid NOT NULL,
  account_id bigint NOT NULL,
  round integer NOT NULL,
  state text NOT NULL CHECK (state IN ('started', 'finished')),
  outcome text CHECK (outcome IN ('published', 'failed')),
  external_id text,
  external_url text,
  errors jsonb NOT NULL DEFAULT '[]',
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (post_uuid, account_id, round)
)`,
  },
];
