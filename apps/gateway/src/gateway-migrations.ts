import { Migration } from '@app/persistence';

export const GATEWAY_SCHEMA = 'gateway';

/** The gateway's own data: who may call the API, the workspaces they belong to, and the account registry. */
export const gatewayMigrations: Migration[] = [
  {
    id: '001-users-and-tokens',
    sql: `
      CREATE TABLE gateway.users (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      CREATE UNIQUE INDEX users_email_active ON gateway.users (lower(email)) WHERE deleted_at IS NULL;
      CREATE TABLE gateway.tokens (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES gateway.users (id),
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz,
        revoked boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX tokens_user ON gateway.tokens (user_id);
    `,
  },
  {
    id: '002-workspaces',
    sql: `
      CREATE TABLE gateway.workspaces (
        uuid uuid PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE gateway.memberships (
        workspace_uuid uuid NOT NULL REFERENCES gateway.workspaces (uuid),
        user_id bigint NOT NULL REFERENCES gateway.users (id),
        role text NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
        can_approve boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_uuid, user_id)
      );
      CREATE INDEX memberships_user ON gateway.memberships (user_id);
    `,
  },
  {
    id: '003-accounts',
    sql: `
      CREATE TABLE gateway.accounts (
        id bigserial PRIMARY KEY,
        workspace_uuid uuid NOT NULL REFERENCES gateway.workspaces (uuid),
        provider text NOT NULL,
        name text NOT NULL,
        username text,
        authorized boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      CREATE INDEX accounts_workspace ON gateway.accounts (workspace_uuid) WHERE deleted_at IS NULL;
    `,
  },
];
