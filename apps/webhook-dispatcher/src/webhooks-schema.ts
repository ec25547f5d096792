import { Migration } from '@app/persistence';

/** The schema this service owns; no other service reads it. */
export const WEBHOOKS_SCHEMA = 'webhooks';

export const webhooksMigrations: readonly Migration[] = [
  {
    id: '001-webhooks',
    sql: `
CREATE TABLE IF NOT EXISTS webhooks.webhooks (
  id bigserial PRIMARY KEY,
  -- NULL for a system (panel) webhook, which receives the events of every workspace.
  workspace_uuid text,
  url text NOT NULL,
  events jsonb NOT NULL,
  secret_ciphertext text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhooks_workspace_idx ON webhooks.webhooks (workspace_uuid);

CREATE TABLE IF NOT EXISTS webhooks.posts (
  post_uuid text PRIMARY KEY,
  workspace_uuid text NOT NULL,
  revision integer NOT NULL,
  status text NOT NULL,
  scheduled_at timestamptz,
  published_at timestamptz,
  accounts jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS webhooks.deliveries (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  webhook_id bigint NOT NULL REFERENCES webhooks.webhooks (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  event text NOT NULL,
  -- The exact JSON text sent and signed, fixed when the delivery is created.
  body text NOT NULL,
  status text NOT NULL,
  -- Attempts made since the delivery was created or last resent.
  run_attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_token text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS deliveries_due_idx ON webhooks.deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS deliveries_webhook_idx ON webhooks.deliveries (webhook_id, seq);

CREATE TABLE IF NOT EXISTS webhooks.delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id text NOT NULL REFERENCES webhooks.deliveries (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  error text,
  response text
);
CREATE INDEX IF NOT EXISTS delivery_attempts_delivery_idx ON webhooks.delivery_attempts (delivery_id, id)`,
  },
];
