import { Inject, Injectable } from '@nestjs/common';
import { Selectable } from 'kysely';
import { DueWork, isoTimestamp, unleased } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase, GatewayTables } from '../gateway-migrations';
import type { FeedItem } from './feed-document';

/** A followed feed as the API shows it. */
export interface FeedView {
  id: number;
  url: string;
  accounts: number[];
  mode: 'draft' | 'queue';
  template: string;
  last_polled_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** A feed as its reader needs it. */
export interface FollowedFeed extends FeedView {
  workspaceUuid: string;
  createdBy: number;
  primed: boolean;
  etag: string | null;
  lastModified: string | null;
}

/** An item whose post is still to be made. */
export interface WaitingItem {
  key: string;
  postUuid: string;
  item: FeedItem;
}

export type NewFeed = Pick<FeedView, 'url' | 'accounts' | 'mode' | 'template'> & { workspaceUuid: string; createdBy: number };

type FeedRow = Selectable<GatewayTables['feeds']>;

const dueFeeds = new DueWork<GatewayTables, 'feeds'>({ table: 'feeds', key: ['id'], claimable: (eb) => eb('feeds.deleted_at', 'is', null) });
const claimFeeds = dueFeeds.claims((claim) => claim.returning(['id']));

/** The feeds workspaces follow and the items each has shown (schema `gateway`). */
@Injectable()
export class FeedStore {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  /** Follows a feed: due to be read at once. */
  async add(feed: NewFeed): Promise<FollowedFeed> {
    const { db, dialect } = this.database;
    const row = await db
      .insertInto('feeds')
      .values({
        workspace_uuid: feed.workspaceUuid,
        url: feed.url,
        accounts: dialect.json(feed.accounts),
        mode: feed.mode,
        template: feed.template,
        created_by: feed.createdBy,
        etag: null,
        last_modified: null,
        last_polled_at: null,
        last_error: null,
        deleted_at: null,
        due_at: dialect.now(),
        ...unleased,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.followed(row);
  }

  async list(workspaceUuid: string): Promise<FeedView[]> {
    const rows = await this.database.db.selectFrom('feeds').selectAll().where('workspace_uuid', '=', workspaceUuid).where('deleted_at', 'is', null).orderBy('id').execute();
    return rows.map((row) => this.viewOf(row));
  }

  async find(workspaceUuid: string, id: number): Promise<FollowedFeed | null> {
    const row = await this.database.db.selectFrom('feeds').selectAll().where('workspace_uuid', '=', workspaceUuid).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return row ? this.followed(row) : null;
  }

  /** Stops following; false when the workspace follows no such feed. */
  async remove(workspaceUuid: string, id: number): Promise<boolean> {
    const { db, dialect } = this.database;
    const result = await db.updateTable('feeds').set({ deleted_at: dialect.now(), due_at: null }).where('workspace_uuid', '=', workspaceUuid).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes the feeds due to be read that no other reader holds, for `leaseMs`. */
  async claimDue(limit: number, leaseMs: number): Promise<{ leaseToken: string; feeds: FollowedFeed[] }> {
    const { leaseToken, rows } = await claimFeeds.take(this.database, { limit, leaseMs });
    if (rows.length === 0) return { leaseToken, feeds: [] };
    const feeds = await this.database.db.selectFrom('feeds').selectAll().where('id', 'in', rows.map((row) => Number(row.id))).orderBy('id').execute();
    return { leaseToken, feeds: feeds.map((row) => this.followed(row)) };
  }

  /** Takes one feed to read now (a poll asked for), unless another reader holds it; null then. */
  async claimOne(workspaceUuid: string, id: number, leaseMs: number): Promise<{ leaseToken: string; feed: FollowedFeed } | null> {
    const { dialect } = this.database;
    await this.database.db.updateTable('feeds').set({ due_at: dialect.now() }).where('workspace_uuid', '=', workspaceUuid).where('id', '=', id).where('deleted_at', 'is', null).execute();
    const { leaseToken, rows } = await claimFeeds.take(this.database, { limit: 1, leaseMs }, (eb) => eb('feeds.id', '=', id));
    const feed = rows.length > 0 ? await this.find(workspaceUuid, id) : null;
    return feed ? { leaseToken, feed } : null;
  }

  /**
   * Records what the read found: the items known from the start (the first read: never posted), or
   * the new ones (each to be posted once; an item already known is left as it is). Its post's
   * uuid is fixed here, so that making it again after a crash finds the post made.
   */
  async noteItems(feed: FollowedFeed, items: readonly FeedItem[], postUuidOf: (key: string) => string): Promise<void> {
    const { db, dialect } = this.database;
    await db.transaction().execute(async (tx) => {
      const keys = [...new Set(items.map((item) => item.key))];
      const known = new Set(
        keys.length === 0 ? [] : (await tx.selectFrom('feed_items').select('item_key').where('feed_id', '=', feed.id).where('item_key', 'in', keys).execute()).map((row) => row.item_key),
      );
      // The feed lists the newest first: posts are made oldest first, in the order they were written.
      const fresh = [...items].reverse().filter((item) => !known.has(item.key) && known.add(item.key));
      for (const item of fresh) {
        const waiting = feed.primed ? { post_uuid: postUuidOf(item.key), item: dialect.json(item), done: false } : { post_uuid: null, item: null, done: true };
        await tx.insertInto('feed_items').values({ feed_id: feed.id, item_key: item.key, ...waiting }).execute();
      }
      if (!feed.primed) await tx.updateTable('feeds').set({ primed: true }).where('id', '=', feed.id).execute();
    });
  }

  /** The items whose posts are still to be made, in the order they were found. */
  async waiting(feedId: number): Promise<WaitingItem[]> {
    const { db, dialect } = this.database;
    const rows = await db.selectFrom('feed_items').select(['item_key', 'post_uuid', 'item']).where('feed_id', '=', feedId).where('done', '=', false).orderBy('id').execute();
    return rows.map((row) => ({ key: row.item_key, postUuid: row.post_uuid!, item: dialect.readJson<FeedItem>(row.item) }));
  }

  async itemDone(feedId: number, key: string): Promise<void> {
    await this.database.db.updateTable('feed_items').set({ done: true, item: null }).where('feed_id', '=', feedId).where('item_key', '=', key).execute();
  }

  /** Ends a read: what it saw (validators of the next conditional read), its error or none, and the next read's time. */
  async finishRead(feed: FollowedFeed, leaseToken: string, outcome: { etag?: string | null; lastModified?: string | null; error: string | null }, nextInMs: number): Promise<void> {
    const { db, dialect } = this.database;
    await db
      .updateTable('feeds')
      .set({
        ...(outcome.etag !== undefined && { etag: outcome.etag }),
        ...(outcome.lastModified !== undefined && { last_modified: outcome.lastModified }),
        last_error: outcome.error,
        last_polled_at: dialect.now(),
        due_at: dialect.nowPlusMs(nextInMs),
        ...unleased,
      })
      .where('id', '=', feed.id)
      .where('lease_token', '=', leaseToken)
      .execute();
  }

  /** When the next feed comes due, in ms (null: none is followed). */
  msUntilNextDue(): Promise<number | null> {
    return dueFeeds.msUntilNextClaimable(this.database);
  }

  private viewOf(row: FeedRow): FeedView {
    return {
      id: Number(row.id),
      url: row.url,
      accounts: this.database.dialect.readJson<number[]>(row.accounts),
      mode: row.mode,
      template: row.template,
      last_polled_at: row.last_polled_at === null ? null : isoTimestamp(row.last_polled_at),
      last_error: row.last_error,
      created_at: isoTimestamp(row.created_at),
    };
  }

  private followed(row: FeedRow): FollowedFeed {
    return { ...this.viewOf(row), workspaceUuid: row.workspace_uuid, createdBy: Number(row.created_by), primed: Boolean(row.primed), etag: row.etag, lastModified: row.last_modified };
  }
}
