import { Generated, sql } from 'kysely';
import type { EncryptedColumns, SchemaDatabase, SchemaMigration } from '@app/persistence';
import { OAuthStatesTable, oauthStateBindingMigration, oauthStatesMigration } from './accounts/connect-oauth/oauth-states-table';
import { DashboardSessionsTable, dashboardSessionsMigration } from './auth/dashboard-sessions-table';
import { DeadLettersTable, deadLettersMigration } from './dead-letters/dead-letters-table';
import { mediaUsesOfEveryPostMigration } from './media/media-uses/media-uses-of-every-post.migration';
import { PostHistoryTable, PostsTable, postsPipelineTimesMigration, postsReadModelMigration } from './posts/read-model/posts-table';
import { PostMetricsTable, postMetricsMigration } from './analytics/post-metrics-table';
import { FeedItemsTable, FeedsTable, feedsMigration } from './feeds/feeds-table';
import { AccountNewsTable, accountNewsMigration } from './accounts/account-news/account-news-table';
import { PreviewLinksTable, previewLinksMigration } from './posts/preview-links/preview-links-table';
import { outsideReviewNotesMigration, ReviewNotesTable, reviewNotesMigration } from './posts/review-notes/review-notes-table';
import { PostingQueuesTable, postingQueuesMigration } from './queue/posting-queues-table';

export const GATEWAY_SCHEMA = 'gateway';

type Timestamp = Date | string;

/** The gateway's own data: who may call the API, the workspaces they belong to, the account registry and the posts read model. */
export interface GatewayTables {
  users: { id: Generated<number>; name: string; email: string; is_admin: boolean | number; created_at: Generated<Timestamp>; deleted_at: Timestamp | null };
  tokens: {
    id: Generated<number>;
    user_id: number;
    name: string;
    token_hash: string;
    expires_at: Timestamp | null;
    revoked: Generated<boolean | number>;
    created_at: Generated<Timestamp>;
    /** When the token last authenticated a request, to the minute (see TokenStore). */
    last_used_at: Generated<Timestamp | null>;
  };
  /** A deleted workspace is kept, marked (its accounts, media and posts still name it), and answers 404 to everyone. */
  workspaces: { uuid: string; name: string; created_at: Generated<Timestamp>; deleted_at: Generated<Timestamp | null> };
  memberships: { workspace_uuid: string; user_id: number; role: string; can_approve: boolean | number; created_at: Generated<Timestamp> };
  accounts: {
    id: Generated<number>;
    workspace_uuid: string;
    provider: string;
    name: string;
    username: string | null;
    authorized: boolean | number;
    /** The longest text the account's instance takes, as the provider reported it at connect (Mastodon); null when it did not. */
    max_characters: number | null;
    /** The settings the account's platform rules read (a TikTok creator's privacy levels, a default board or subreddit), JSON; null when none. */
    rule_settings: unknown;
    /** The address of the account's picture, as its platform reported it at connect; null when it told none. */
    avatar_url: Generated<string | null>;
    /** When the account's token, which cannot be refreshed, expires: set when the publisher announces it is near; null otherwise. */
    token_expires_at: Timestamp | null;
    created_at: Generated<Timestamp>;
    deleted_at: Timestamp | null;
  };
  /** Answers of POST requests sent with an Idempotency-Key, per user, request path and key; bodies encrypted. */
  idempotency_keys: {
    user_id: number;
    scope: string;
    key: string;
    fingerprint: string;
    state: 'running' | 'done';
    response_status: number | null;
    response_encrypted: string | null;
    created_at: Generated<Timestamp>;
  };
  posts: PostsTable;
  post_history: PostHistoryTable;
  /** Uploaded media of a workspace; the bytes are in the media store under the same id. */
  media: {
    id: string;
    workspace_uuid: string;
    mime_type: string;
    size: number;
    width: number | null;
    height: number | null;
    /** A video's duration from its movie header, in milliseconds; null for images and videos that do not tell. */
    duration_ms: number | null;
    created_at: Generated<Timestamp>;
  };
  /** Posts that name media, as post events tell them: whether each is scheduled now (its media may not be deleted). */
  media_posts: { post_uuid: string; revision: number; scheduled: boolean | number };
  /** The media ids a post's versions name. */
  media_post_uses: { post_uuid: string; media_id: string };
  dead_letters: Omit<DeadLettersTable, 'id'> & { id: Generated<number> };
  oauth_states: OAuthStatesTable;
  posting_queues: PostingQueuesTable;
  review_notes: ReviewNotesTable;
  preview_links: PreviewLinksTable;
  account_news: AccountNewsTable;
  feeds: FeedsTable;
  feed_items: FeedItemsTable;
  post_metrics: PostMetricsTable;
  dashboard_sessions: DashboardSessionsTable;
}

export type GatewayDatabase = SchemaDatabase<GatewayTables>;
export const GATEWAY_DATABASE = Symbol('GATEWAY_DATABASE');

/** What the SecretBox wrote in schema `gateway` (stored idempotent answers), for the re-encrypt command. */
export const gatewayEncryptedColumns: readonly EncryptedColumns[] = [
  { schema: GATEWAY_SCHEMA, table: 'idempotency_keys', key: ['user_id', 'scope', 'key'], columns: ['response_encrypted'] },
];

export const gatewayMigrations: SchemaMigration[] = [
  {
    id: '001-users-and-tokens',
    up: async (db, dialect) => {
      await dialect
        .addAutoIncrementKey(db.schema.createTable('users'), 'id')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('is_admin', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addColumn('deleted_at', dialect.types.timestamp)
        .execute();
      await db.schema
        .createIndex('users_email_active')
        .unique()
        .on('users')
        .expression(sql`lower(email)`)
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await dialect
        .addAutoIncrementKey(db.schema.createTable('tokens'), 'id')
        .addColumn('user_id', dialect.types.bigint, (col) => col.notNull().references('users.id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', dialect.types.timestamp)
        .addColumn('revoked', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .execute();
      await db.schema.createIndex('tokens_user').on('tokens').column('user_id').execute();
    },
  },
  {
    id: '002-workspaces',
    up: async (db, dialect) => {
      await db.schema
        .createTable('workspaces')
        .addColumn('uuid', dialect.types.uuid, (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .execute();
      await db.schema
        .createTable('memberships')
        .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull().references('workspaces.uuid'))
        .addColumn('user_id', dialect.types.bigint, (col) => col.notNull().references('users.id'))
        .addColumn('role', 'text', (col) => col.notNull().check(sql`role IN ('admin', 'member', 'viewer')`))
        .addColumn('can_approve', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addPrimaryKeyConstraint('memberships_pkey', ['workspace_uuid', 'user_id'])
        .execute();
      await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();
    },
  },
  {
    id: '003-accounts',
    up: async (db, dialect) => {
      await dialect
        .addAutoIncrementKey(db.schema.createTable('accounts'), 'id')
        .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull().references('workspaces.uuid'))
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('username', 'text')
        .addColumn('authorized', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addColumn('deleted_at', dialect.types.timestamp)
        .execute();
      await db.schema.createIndex('accounts_workspace').on('accounts').column('workspace_uuid').where(sql.ref('deleted_at'), 'is', null).execute();
    },
  },
  {
    id: '004-idempotency-keys',
    up: async (db, dialect) => {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', dialect.types.bigint, (col) => col.notNull())
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('fingerprint', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull().check(sql`state IN ('running', 'done')`))
        .addColumn('response_status', 'integer')
        .addColumn('response_encrypted', 'text')
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'scope', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },
  },
  {
    id: '005-token-last-used',
    up: async (db, dialect) => {
      await db.schema.alterTable('tokens').addColumn('last_used_at', dialect.types.timestamp).execute();
    },
  },
  {
    id: '006-account-max-characters',
    up: async (db) => {
      await db.schema.alterTable('accounts').addColumn('max_characters', 'integer').execute();
    },
  },
  postsReadModelMigration,
  {
    id: '008-media',
    up: async (db, dialect) => {
      await db.schema
        .createTable('media')
        .addColumn('id', dialect.types.uuid, (col) => col.primaryKey())
        .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull().references('workspaces.uuid'))
        .addColumn('mime_type', 'text', (col) => col.notNull())
        .addColumn('size', dialect.types.bigint, (col) => col.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .execute();
      await db.schema.createIndex('media_workspace').on('media').columns(['workspace_uuid', 'created_at']).execute();
      await db.schema
        .createTable('media_posts')
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.primaryKey())
        .addColumn('revision', dialect.types.bigint, (col) => col.notNull())
        .addColumn('scheduled', 'boolean', (col) => col.notNull().defaultTo(false))
        .execute();
      await db.schema
        .createTable('media_post_uses')
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
        .addColumn('media_id', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('media_post_uses_pkey', ['post_uuid', 'media_id'])
        .execute();
      await db.schema.createIndex('media_post_uses_media').on('media_post_uses').column('media_id').execute();
    },
  },
  deadLettersMigration,
  oauthStatesMigration,
  oauthStateBindingMigration,
  postingQueuesMigration,
  {
    // The live-token index reads in the tokens created lately (at most once a second per replica).
    id: '013-tokens-created-at',
    up: async (db) => {
      await db.schema.createIndex('tokens_created_at').on('tokens').column('created_at').execute();
    },
  },
  {
    // Platforms limit the length of videos: it is known at upload and checked at schedule time.
    id: '014-media-duration',
    up: async (db) => {
      await db.schema.alterTable('media').addColumn('duration_ms', 'integer').execute();
    },
  },
  {
    // The platforms added with the third round read more of an account's settings than Mastodon's text limit.
    id: '015-account-rule-settings',
    up: async (db, dialect) => {
      await db.schema.alterTable('accounts').addColumn('rule_settings', dialect.types.json).execute();
    },
  },
  postsPipelineTimesMigration,
  reviewNotesMigration,
  {
    // The panel deletes workspaces: kept, marked, since accounts, media and posts name them.
    id: '018-workspaces-deleted-at',
    up: async (db, dialect) => {
      await db.schema.alterTable('workspaces').addColumn('deleted_at', dialect.types.timestamp).execute();
    },
  },
  {
    // The account's picture, as its platform reported it at connect.
    id: '019-account-avatar',
    up: async (db) => {
      await db.schema.alterTable('accounts').addColumn('avatar_url', 'text').execute();
    },
  },
  mediaUsesOfEveryPostMigration,
  dashboardSessionsMigration,
  outsideReviewNotesMigration,
  previewLinksMigration,
  {
    // The expiry of a token that cannot be refreshed, once the publisher announces it is near.
    id: '024-account-token-expiry',
    up: async (db, dialect) => {
      await db.schema.alterTable('accounts').addColumn('token_expires_at', dialect.types.timestamp).execute();
    },
  },
  accountNewsMigration,
  feedsMigration,
  postMetricsMigration,
];
