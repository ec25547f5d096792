import { Generated, sql } from 'kysely';
import { DueWorkColumns, EncryptedColumns, SchemaMigration } from '@app/persistence';

/** The schema this service owns; no other service reads it. */
export const WEBHOOKS_SCHEMA = 'webhooks';
/** The tables of schema `webhooks` (a `SchemaDatabase<WebhooksTables>`). */
export const WEBHOOKS_DATABASE = Symbol('WEBHOOKS_DATABASE');

/** What the SecretBox wrote in schema `webhooks` (signing secrets), for the re-encrypt command. */
export const webhooksEncryptedColumns: readonly EncryptedColumns[] = [{ schema: WEBHOOKS_SCHEMA, table: 'webhooks', key: ['id'], columns: ['secret_ciphertext', 'previous_secret_ciphertext'] }];

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** Tables of schema `webhooks`, as Kysely sees them (timestamps: Date on PostgreSQL, ISO text on SQLite). */
export interface WebhooksTables {
  webhooks: {
    id: Generated<number>;
    /** NULL for a system (panel) webhook, which receives the events of every workspace. */
    workspace_uuid: string | null;
    url: string;
    /** JSON array of event names. */
    events: unknown;
    secret_ciphertext: string;
    /** The secret before the last rotation, encrypted like the current one; it signs too until it expires. */
    previous_secret_ciphertext: Generated<string | null>;
    previous_secret_expires_at: Generated<Date | string | null>;
    active: boolean | number;
    /** Set with `active = false` when the service disabled the webhook (410 Gone, failing too long). */
    disabled_at: Generated<Date | string | null>;
    disabled_reason: Generated<string | null>;
    /** Time of the first failed attempt since the last successful one; null while the webhook succeeds. */
    failing_since: Generated<Date | string | null>;
    created_at: Generated<Date | string>;
    updated_at: Generated<Date | string>;
  };
  /** Due work (DueWork): a pending delivery is due at `due_at` (the API's `next_attempt_at`), leased while an attempt is made. */
  deliveries: DueWorkColumns & {
    id: string;
    /** Numbers deliveries in the order they were queued, for the log. */
    seq: Generated<number>;
    webhook_id: number;
    event_id: string;
    event: string;
    /** The post of the envelope, for the log's filter. */
    post_uuid: Generated<string | null>;
    /** The exact JSON text sent and signed, fixed when the delivery is created. */
    body: string;
    status: DeliveryStatus;
    /** Attempts made since the delivery was created or last resent. */
    run_attempts: Generated<number>;
    /** The trace of the event that queued the delivery (W3C `traceparent`); its attempts continue it. */
    traceparent: Generated<string | null>;
    created_at: Generated<Date | string>;
  };
  /**
   * The accounts the events of `account-events` told about, as their webhooks show them, and whether
   * `account.needs_reconnect` was sent since the account was last connected (it is sent once).
   */
  account_health: {
    account_id: number;
    workspace_uuid: string;
    provider: string;
    name: string | null;
    username: string | null;
    needs_reconnect: boolean | number;
  };
  delivery_attempts: {
    id: Generated<number>;
    delivery_id: string;
    attempted_at: Date | string;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    error_kind: Generated<string | null>;
    response: string | null;
    /** When the retry this attempt led to was due; null when none followed. */
    next_retry_at: Generated<Date | string | null>;
  };
}

export const webhooksMigrations: readonly SchemaMigration[] = [
  {
    id: '001-webhooks',
    up: async (db, dialect) => {
      await dialect
        .addAutoIncrementKey(db.schema.createTable('webhooks').ifNotExists(), 'id')
        .addColumn('workspace_uuid', 'text')
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('events', dialect.types.json, (col) => col.notNull())
        .addColumn('secret_ciphertext', 'text', (col) => col.notNull())
        .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addColumn('updated_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .execute();
      await db.schema.createIndex('webhooks_workspace_idx').ifNotExists().on('webhooks').column('workspace_uuid').execute();

      await db.schema
        .createTable('posts')
        .ifNotExists()
        .addColumn('post_uuid', 'text', (col) => col.primaryKey())
        .addColumn('workspace_uuid', 'text', (col) => col.notNull())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('scheduled_at', dialect.types.timestamp)
        .addColumn('published_at', dialect.types.timestamp)
        .addColumn('accounts', dialect.types.json, (col) => col.notNull())
        .execute();

      // `seq` is the key the engine numbers (SQLite numbers only its integer primary key); the
      // delivery id, derived from the event and the webhook, is unique beside it.
      await dialect
        .addAutoIncrementKey(db.schema.createTable('deliveries').ifNotExists(), 'seq')
        .addColumn('id', 'text', (col) => col.notNull().unique())
        .addColumn('webhook_id', dialect.types.bigint, (col) => col.notNull())
        .addColumn('event_id', 'text', (col) => col.notNull())
        .addColumn('event', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('run_attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', dialect.types.timestamp)
        .addColumn('lease_token', 'text')
        .addColumn('lease_until', dialect.types.timestamp)
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addForeignKeyConstraint('deliveries_webhook_id_fkey', ['webhook_id'], 'webhooks', ['id'], (fk) => fk.onDelete('cascade'))
        .execute();
      await db.schema
        .createIndex('deliveries_due_idx')
        .ifNotExists()
        .on('deliveries')
        .column('next_attempt_at')
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema.createIndex('deliveries_webhook_idx').ifNotExists().on('deliveries').columns(['webhook_id', 'seq']).execute();

      await dialect
        .addAutoIncrementKey(db.schema.createTable('delivery_attempts').ifNotExists(), 'id')
        .addColumn('delivery_id', 'text', (col) => col.notNull())
        .addColumn('attempted_at', dialect.types.timestamp, (col) => col.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (col) => col.notNull())
        .addColumn('error', 'text')
        .addColumn('response', 'text')
        .addForeignKeyConstraint('delivery_attempts_delivery_id_fkey', ['delivery_id'], 'deliveries', ['id'], (fk) => fk.onDelete('cascade'))
        .execute();
      await db.schema
        .createIndex('delivery_attempts_delivery_idx')
        .ifNotExists()
        .on('delivery_attempts')
        .columns(['delivery_id', 'id'])
        .execute();
    },
  },
  {
    id: '002-webhook-rotation-disabling-log-filters',
    up: async (db, dialect) => {
      // One column per statement: SQLite adds one at a time.
      const add = (table: string, column: string, type: 'text' | 'timestamp') =>
        db.schema.alterTable(table).addColumn(column, type === 'text' ? 'text' : dialect.types.timestamp).execute();
      await add('webhooks', 'previous_secret_ciphertext', 'text');
      await add('webhooks', 'previous_secret_expires_at', 'timestamp');
      await add('webhooks', 'disabled_at', 'timestamp');
      await add('webhooks', 'disabled_reason', 'text');
      await add('webhooks', 'failing_since', 'timestamp');
      await add('deliveries', 'post_uuid', 'text');
      await add('delivery_attempts', 'error_kind', 'text');
      await add('delivery_attempts', 'next_retry_at', 'timestamp');
      const rows = await db.selectFrom('deliveries').select(['id', 'body']).execute();
      for (const row of rows as Array<{ id: string; body: string }>) {
        const postUuid = (JSON.parse(row.body) as { post?: { uuid?: string } }).post?.uuid ?? null;
        await db.updateTable('deliveries').set({ post_uuid: postUuid }).where('id', '=', row.id).execute();
      }
      await db.schema.createIndex('deliveries_webhook_post_idx').ifNotExists().on('deliveries').columns(['webhook_id', 'post_uuid']).execute();
    },
  },
  {
    // Each post-events message carries its post: the dispatcher keeps no projection of its own.
    id: '003-drop-posts-projection',
    up: async (db) => {
      await db.schema.dropTable('posts').ifExists().execute();
    },
  },
  {
    // Deliveries are due work (DueWork): `next_attempt_at` becomes its `due_at` (the partial index of
    // pending deliveries follows the column), beside the count of leases that ran out.
    id: '004-delivery-due-work',
    up: async (db) => {
      await db.schema.alterTable('deliveries').renameColumn('next_attempt_at', 'due_at').execute();
      await db.schema.alterTable('deliveries').addColumn('expired_leases', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    },
  },
  {
    // The accounts of `account-events` and whether `account.needs_reconnect` was sent for them.
    id: '005-account-health',
    up: async (db, dialect) => {
      await db.schema
        .createTable('account_health')
        .ifNotExists()
        .addColumn('account_id', dialect.types.bigint, (col) => col.primaryKey())
        .addColumn('workspace_uuid', 'text', (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('name', 'text')
        .addColumn('username', 'text')
        .addColumn('needs_reconnect', 'boolean', (col) => col.notNull().defaultTo(false))
        .execute();
    },
  },
  {
    // The trace of the event that queued each delivery, continued by its attempts.
    id: '006-delivery-traces',
    up: async (db) => {
      await db.schema.alterTable('deliveries').addColumn('traceparent', 'text').execute();
    },
  },
];
