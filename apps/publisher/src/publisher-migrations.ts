import { Generated, sql } from 'kysely';
import { DueWorkColumns, EncryptedColumns, SchemaMigration } from '@app/persistence';
import { MetricCollectionsTable, metricCollectionsMigration } from './collect-metrics/metric-collections-table';

export const PUBLISHER_SCHEMA = 'publisher';
/** The tables of schema `publisher` (a `SchemaDatabase<PublisherTables>`). */
export const PUBLISHER_DATABASE = Symbol('PUBLISHER_DATABASE');

/** What the SecretBox wrote in schema `publisher`, for the re-encrypt command. */
export const publisherEncryptedColumns: readonly EncryptedColumns[] = [
  { schema: PUBLISHER_SCHEMA, table: 'accounts', key: ['account_id'], columns: ['settings_encrypted', 'credentials_encrypted', 'session_encrypted'] },
  { schema: PUBLISHER_SCHEMA, table: 'item_progress', key: ['post_uuid', 'account_id', 'round', 'item_index'], columns: ['progress_encrypted'] },
];

export type AttemptState = 'started' | 'finished';
export type AttemptOutcome = 'published' | 'failed';
/** `sending`: journaled before the call that publishes the item; `published`: the platform holds it. */
export type ItemStepState = 'sending' | 'published';

/** Tables of schema `publisher`, as Kysely sees them. */
export interface PublisherTables {
  accounts: {
    account_id: number;
    workspace_uuid: string;
    provider: string;
    settings_encrypted: string;
    credentials_encrypted: string;
    /** What the provider keeps between calls (a Bluesky session), encrypted; null when nothing. */
    session_encrypted: string | null;
    connected_at: Date | string;
    /** When the session's access token expires if it cannot be refreshed (readable without the key); null otherwise. */
    token_expires_at: Date | string | null;
    /** The `token_expires_at` that `account.token_expiring` was sent for (once per token). */
    expiry_warned_for: Date | string | null;
  };
  attempts: {
    post_uuid: string;
    account_id: number;
    round: number;
    state: AttemptState;
    outcome: AttemptOutcome | null;
    external_id: string | null;
    external_url: string | null;
    /** JSON array of messages; written with `dialect.json`, read with `dialect.readJson`. */
    errors: unknown;
    started_at: Date | string;
    finished_at: Date | string | null;
    /** While set and ahead, a consumer is calling the provider for this attempt; null once deferred or finished. */
    lease_until?: Date | string | null;
    /** JSON: the result's items (per content item, `{externalId, externalUrl}` or null); null in attempts finished before threads. */
    items?: unknown;
  };
  /** One row per content item of an attempt that was sent or is being sent: the steps of a thread. */
  attempt_items: {
    post_uuid: string;
    account_id: number;
    round: number;
    /** The item's place in the version, from 0. */
    item_index: number;
    state: ItemStepState;
    external_id: string | null;
    external_url: string | null;
    /** What the provider needs beside the id to refer to the item (Bluesky: the record's CID). */
    reference: string | null;
    started_at: Date | string;
    finished_at: Date | string | null;
  };
  /** The journaled steps of an asynchronous publish of one content item (containers, upload sessions), until the attempt's result is stored. */
  item_progress: {
    post_uuid: string;
    account_id: number;
    round: number;
    item_index: number;
    /** The provider's steps, JSON, encrypted (an upload session's address lets anyone who holds it upload). */
    progress_encrypted: string;
    updated_at: Date | string;
  };
  /**
   * Attempts the platform asked to wait for longer than a consumer may hold a partition; resumed
   * when due. Due work (DueWork): leased while a runner calls the provider; a lease that ran out
   * (`expired_leases`) means that call was cut off.
   */
  deferred_attempts: DueWorkColumns & {
    post_uuid: string;
    account_id: number;
    round: number;
    due_at: Date | string;
    deferrals: number;
    /** The AccountSnapshot and the post's versions, JSON, as PublishingStarted gave them. */
    account: unknown;
    versions: unknown;
    /** The trace of the publishing that deferred the attempt (W3C), when it was first deferred; resuming continues it. */
    traceparent: Generated<string | null>;
    traced_at: Generated<Date | string | null>;
  };
  metric_collections: MetricCollectionsTable;
}

export const publisherMigrations: readonly SchemaMigration[] = [
  {
    id: '001-accounts-and-attempts',
    up: async (db, dialect) => {
      await db.schema
        .createTable('accounts')
        .ifNotExists()
        .addColumn('account_id', dialect.types.bigint, (col) => col.primaryKey())
        .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('settings_encrypted', 'text', (col) => col.notNull())
        .addColumn('credentials_encrypted', 'text', (col) => col.notNull())
        .addColumn('connected_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .execute();
      await db.schema
        .createTable('attempts')
        .ifNotExists()
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
        .addColumn('account_id', dialect.types.bigint, (col) => col.notNull())
        .addColumn('round', 'integer', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull().check(sql`state IN ('started', 'finished')`))
        .addColumn('outcome', 'text', (col) => col.check(sql`outcome IN ('published', 'failed')`))
        .addColumn('external_id', 'text')
        .addColumn('external_url', 'text')
        .addColumn('errors', dialect.types.json, (col) => col.notNull().defaultTo('[]'))
        .addColumn('started_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addColumn('finished_at', dialect.types.timestamp)
        .addPrimaryKeyConstraint('attempts_pkey', ['post_uuid', 'account_id', 'round'])
        .execute();
    },
  },
  {
    id: '002-provider-sessions',
    up: async (db) => {
      await db.schema.alterTable('accounts').addColumn('session_encrypted', 'text').execute();
    },
  },
  {
    id: '003-deferred-attempts',
    up: async (db, dialect) => {
      await db.schema
        .createTable('deferred_attempts')
        .ifNotExists()
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
        .addColumn('account_id', dialect.types.bigint, (col) => col.notNull())
        .addColumn('round', 'integer', (col) => col.notNull())
        .addColumn('due_at', dialect.types.timestamp, (col) => col.notNull())
        .addColumn('claimed_until', dialect.types.timestamp)
        .addColumn('deferrals', 'integer', (col) => col.notNull())
        .addColumn('account', dialect.types.json, (col) => col.notNull())
        .addColumn('versions', dialect.types.json, (col) => col.notNull())
        .addPrimaryKeyConstraint('deferred_attempts_pkey', ['post_uuid', 'account_id', 'round'])
        .execute();
      await db.schema.createIndex('deferred_attempts_due').on('deferred_attempts').column('due_at').execute();
    },
  },
  {
    id: '004-attempt-lease',
    up: async (db, dialect) => {
      await db.schema.alterTable('attempts').addColumn('lease_until', dialect.types.timestamp).execute();
    },
  },
  {
    id: '005-attempt-items',
    up: async (db, dialect) => {
      await db.schema
        .createTable('attempt_items')
        .ifNotExists()
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
        .addColumn('account_id', dialect.types.bigint, (col) => col.notNull())
        .addColumn('round', 'integer', (col) => col.notNull())
        .addColumn('item_index', 'integer', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull().check(sql`state IN ('sending', 'published')`))
        .addColumn('external_id', 'text')
        .addColumn('external_url', 'text')
        .addColumn('reference', 'text')
        .addColumn('started_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addColumn('finished_at', dialect.types.timestamp)
        .addPrimaryKeyConstraint('attempt_items_pkey', ['post_uuid', 'account_id', 'round', 'item_index'])
        .execute();
      await db.schema.alterTable('attempts').addColumn('items', dialect.types.json).execute();
      // An attempt a crash cut off before this version may have sent its one item: that item is in
      // doubt. One deferred and not claimed since was told to wait, so nothing of it was sent.
      await db
        .insertInto('attempt_items')
        .columns(['post_uuid', 'account_id', 'round', 'item_index', 'state'])
        .expression((eb) =>
          eb
            .selectFrom('attempts')
            .select(['attempts.post_uuid', 'attempts.account_id', 'attempts.round', sql.lit(0).as('item_index'), sql.lit('sending').as('state')])
            .where('attempts.state', '=', 'started')
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('deferred_attempts')
                    .select('deferred_attempts.round')
                    .whereRef('deferred_attempts.post_uuid', '=', 'attempts.post_uuid')
                    .whereRef('deferred_attempts.account_id', '=', 'attempts.account_id')
                    .whereRef('deferred_attempts.round', '=', 'attempts.round')
                    .where('deferred_attempts.claimed_until', 'is', null),
                ),
              ),
            ),
        )
        .execute();
    },
  },
  {
    id: '006-item-progress',
    up: async (db, dialect) => {
      await db.schema
        .createTable('item_progress')
        .ifNotExists()
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
        .addColumn('account_id', dialect.types.bigint, (col) => col.notNull())
        .addColumn('round', 'integer', (col) => col.notNull())
        .addColumn('item_index', 'integer', (col) => col.notNull())
        .addColumn('progress_encrypted', 'text', (col) => col.notNull())
        .addColumn('updated_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addPrimaryKeyConstraint('item_progress_pkey', ['post_uuid', 'account_id', 'round', 'item_index'])
        .execute();
    },
  },
  {
    // Deferred attempts are due work (DueWork): `claimed_until` becomes its `lease_until`, beside a
    // lease token and the count of leases that ran out. Claims read the database clock from now on.
    id: '007-deferred-attempt-leases',
    up: async (db) => {
      await db.schema.alterTable('deferred_attempts').renameColumn('claimed_until', 'lease_until').execute();
      await db.schema.alterTable('deferred_attempts').addColumn('lease_token', 'text').execute();
      await db.schema.alterTable('deferred_attempts').addColumn('expired_leases', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    },
  },
  {
    // The expiry of a token that cannot be refreshed, beside the one already announced.
    id: '008-token-expiry',
    up: async (db, dialect) => {
      await db.schema.alterTable('accounts').addColumn('token_expires_at', dialect.types.timestamp).execute();
      await db.schema.alterTable('accounts').addColumn('expiry_warned_for', dialect.types.timestamp).execute();
    },
  },
  {
    // The trace of the publishing that deferred an attempt, continued (or linked to) when it is resumed.
    id: '009-deferred-attempt-traces',
    up: async (db, dialect) => {
      await db.schema.alterTable('deferred_attempts').addColumn('traceparent', 'text').execute();
      await db.schema.alterTable('deferred_attempts').addColumn('traced_at', dialect.types.timestamp).execute();
    },
  },
  metricCollectionsMigration,
];
