import { Inject, Injectable } from '@nestjs/common';
import { isPostStatus, POST_STATUSES, type PostCounts, type PostEventMessage, type PostEventName, type PostPage, type PostStatus, type PostView } from '@app/contracts';
import { type PostResource, withRevision } from '../post-revision';
import { IN_FLIGHT_STATUSES } from '@app/domain';
import { PreparedQuery } from '@app/persistence';
import type { Transaction } from 'kysely';
import { GATEWAY_DATABASE, GatewayDatabase, GatewayTables } from '../../gateway-migrations';
import { projectPostMetrics } from '../../analytics/post-metrics-projection';
import { ReadYourWrites } from './read-your-writes';

/** One step of a post's history. */
export interface PostHistoryEntry {
  type: PostEventName;
  at: string;
  revision: number;
  account_id: number | null;
}

export interface PostsQuery {
  workspaceUuid: string;
  status: PostStatus | null;
  page: number;
  limit: number;
}

type PostRow = { uuid: string; workspace_uuid: string; status: string; revision: number; deleted: boolean; created_at: Date; view: string; due_at: Date | null; changed_at: Date };

/** A post's view and its revision (read on every GET of a post: prepared). */
const shownPost = new PreparedQuery(({ db }: GatewayDatabase, p: { workspaceUuid: string; postUuid: string }) =>
  db.selectFrom('posts').select(['view', 'revision', 'status']).where('uuid', '=', p.postUuid).where('workspace_uuid', '=', p.workspaceUuid).where('deleted', '=', false),
);

/** A page of the workspace's posts, newest first, and how many there are: with a status and without (prepared). */
const postsOf = (db: GatewayDatabase['db'], workspaceUuid: string) => db.selectFrom('posts').where('workspace_uuid', '=', workspaceUuid).where('deleted', '=', false);
const pageOfPosts = new PreparedQuery(({ db }: GatewayDatabase, p: { workspaceUuid: string; limit: number; offset: number }) =>
  postsOf(db, p.workspaceUuid).select(['view', 'revision']).orderBy('created_at', 'desc').orderBy('uuid', 'desc').limit(p.limit).offset(p.offset),
);
const pageOfPostsIn = new PreparedQuery(({ db }: GatewayDatabase, p: { workspaceUuid: string; status: string; limit: number; offset: number }) =>
  postsOf(db, p.workspaceUuid).where('status', '=', p.status).select(['view', 'revision']).orderBy('created_at', 'desc').orderBy('uuid', 'desc').limit(p.limit).offset(p.offset),
);
const countOfPosts = new PreparedQuery(({ db }: GatewayDatabase, p: { workspaceUuid: string }) =>
  postsOf(db, p.workspaceUuid).select((eb) => eb.fn.countAll<number>().as('total')),
);
const countOfPostsIn = new PreparedQuery(({ db }: GatewayDatabase, p: { workspaceUuid: string; status: string }) =>
  postsOf(db, p.workspaceUuid).where('status', '=', p.status).select((eb) => eb.fn.countAll<number>().as('total')),
);

/** The post as the message shows it, unless the row already shows this revision or a later one. */
const upsertPost = new PreparedQuery(({ db }: GatewayDatabase, p: PostRow) => {
  const columns = { workspace_uuid: p.workspace_uuid, status: p.status, revision: p.revision, deleted: p.deleted, created_at: p.created_at, view: p.view, due_at: p.due_at, changed_at: p.changed_at };
  return db
    .insertInto('posts')
    .values({ uuid: p.uuid, ...columns })
    .onConflict((conflict) => conflict.column('uuid').doUpdateSet(columns).where('posts.revision', '<', p.revision));
});

/** Rows per multi-row statement: far below PostgreSQL's 65,535 parameters per statement. */
const ROWS_PER_STATEMENT = 500;

function* chunksOf<Row>(rows: readonly Row[]): Generator<Row[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) yield rows.slice(start, start + ROWS_PER_STATEMENT);
}

/** upsertPost for several posts at once: each row replaces the stored one only when it is of a later revision. */
const upsertPosts = (tx: Transaction<GatewayTables>, rows: readonly PostRow[]) =>
  tx
    .insertInto('posts')
    .values([...rows])
    .onConflict((conflict) =>
      conflict
        .column('uuid')
        .doUpdateSet((eb) => ({
          workspace_uuid: eb.ref('excluded.workspace_uuid'),
          status: eb.ref('excluded.status'),
          revision: eb.ref('excluded.revision'),
          deleted: eb.ref('excluded.deleted'),
          created_at: eb.ref('excluded.created_at'),
          view: eb.ref('excluded.view'),
          due_at: eb.ref('excluded.due_at'),
          changed_at: eb.ref('excluded.changed_at'),
        }))
        .where((eb) => eb('posts.revision', '<', eb.ref('excluded.revision'))),
    )
    .execute();

type HistoryRow = { post_uuid: string; revision: number; type: string; occurred_at: Date; account_id: number | null };

const insertHistoryStep = new PreparedQuery(({ db }: GatewayDatabase, p: HistoryRow) =>
  db
    .insertInto('post_history')
    .values({ post_uuid: p.post_uuid, revision: p.revision, type: p.type, occurred_at: p.occurred_at, account_id: p.account_id })
    .onConflict((conflict) => conflict.columns(['post_uuid', 'revision']).doNothing()),
);

/**
 * The posts every GET answers from, kept by the gateway itself from `post-events`. Deleted posts
 * and posts of other workspaces are never returned; a read first lets the projection catch up
 * with the writes made through this gateway.
 */
@Injectable()
export class PostsReadModel {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly progress: ReadYourWrites,
  ) {}

  async find(workspaceUuid: string, postUuid: string): Promise<PostResource | null> {
    const stored = await this.storedView(workspaceUuid, postUuid);
    return stored && withRevision(this.database.dialect.readJson<PostView>(stored.view), Number(stored.revision));
  }

  /**
   * The post as JSON text, with its revision: the view as SQLite stores it, the revision added at
   * its end, so that an answer that sends it needs no parse and no new serialization.
   */
  async findJson(workspaceUuid: string, postUuid: string): Promise<{ json: string; revision: number; status: PostStatus } | null> {
    const stored = await this.storedView(workspaceUuid, postUuid);
    if (!stored) return null;
    const view = typeof stored.view === 'string' ? stored.view : JSON.stringify(stored.view);
    const revision = Number(stored.revision);
    // A view is a JSON object with fields, never an empty one.
    return { json: `${view.trimEnd().slice(0, -1)},"revision":${revision}}`, revision, status: stored.status as PostStatus };
  }

  private async storedView(workspaceUuid: string, postUuid: string): Promise<{ view: unknown; revision: number; status: string } | null> {
    const written = await this.progress.caughtUpWith(workspaceUuid, postUuid);
    const stored = (await shownPost.first(this.database, { workspaceUuid, postUuid })) ?? null;
    // The projection is late: the post as this gateway's write left it, never less than the client wrote.
    if (written && (!stored || Number(stored.revision) < written.revision)) return { view: written.post, revision: written.revision, status: written.post.status };
    return stored;
  }

  /** Newest first. */
  async list({ workspaceUuid, status, page, limit }: PostsQuery): Promise<PostPage & { data: PostResource[] }> {
    await this.progress.caughtUpWithWorkspace(workspaceUuid);
    const { database } = this;
    const offset = (page - 1) * limit;
    const [rows, count] = await Promise.all(
      status === null
        ? [pageOfPosts.rows(database, { workspaceUuid, limit, offset }), countOfPosts.first(database, { workspaceUuid })]
        : [pageOfPostsIn.rows(database, { workspaceUuid, status, limit, offset }), countOfPostsIn.first(database, { workspaceUuid, status })],
    );
    const data = rows.map((row) => withRevision(this.database.dialect.readJson<PostView>(row.view), Number(row.revision)));
    return { data, meta: { page, limit, total: Number(count?.total ?? 0) } };
  }

  /** How many of the workspace's posts may still publish: scheduled, awaiting approval or publishing. */
  async countInFlight(workspaceUuid: string): Promise<number> {
    await this.progress.caughtUpWithWorkspace(workspaceUuid);
    const row = await this.database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('workspace_uuid', '=', workspaceUuid)
      .where('deleted', '=', false)
      .where('status', 'in', [...IN_FLIGHT_STATUSES])
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** How many posts of the workspace are in each status; a status without posts counts 0. */
  async counts(workspaceUuid: string): Promise<PostCounts> {
    await this.progress.caughtUpWithWorkspace(workspaceUuid);
    const rows = await this.database.db
      .selectFrom('posts')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('workspace_uuid', '=', workspaceUuid)
      .where('deleted', '=', false)
      .groupBy('status')
      .execute();
    const counts = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as PostCounts;
    for (const row of rows) if (isPostStatus(row.status)) counts[row.status] = Number(row.count);
    return counts;
  }

  /** The post's history, oldest first; null for a post the workspace does not have (or deleted). */
  async history(workspaceUuid: string, postUuid: string): Promise<PostHistoryEntry[] | null> {
    if (!(await this.find(workspaceUuid, postUuid))) return null;
    const rows = await this.database.db
      .selectFrom('post_history')
      .select(['type', 'occurred_at', 'revision', 'account_id'])
      .where('post_uuid', '=', postUuid)
      .orderBy('revision')
      .execute();
    return rows.map((row) => ({
      type: row.type as PostEventName,
      at: new Date(row.occurred_at).toISOString(),
      revision: Number(row.revision),
      account_id: row.account_id === null ? null : Number(row.account_id),
    }));
  }

  /**
   * Stores each post as its message shows it, in the messages' order and in one transaction,
   * unless the row already shows this revision or a later one, and each message as a step of the
   * post's history (once per revision).
   */
  async saveAll(messages: readonly PostEventMessage[]): Promise<void> {
    const { database } = this;
    // A batch often holds several steps of one post: its row is written once, as the latest shows it.
    const latest = new Map<string, PostEventMessage>();
    for (const message of messages) {
      const known = latest.get(message.postUuid);
      if (!known || message.revision > known.revision) latest.set(message.postUuid, message);
    }
    const rows = [...latest.values()].map((message) => postRow(message, database));
    const steps = messages.map(historyRow);
    await database.db.transaction().execute(async (tx) => {
      if (messages.length === 1) {
        // The common case of a quiet service: the prepared statements, built once.
        await upsertPost.run(database, rows[0], tx);
        await insertHistoryStep.run(database, steps[0], tx);
      } else {
        // A batch: one statement per table and chunk, not one per message (a round trip each on PostgreSQL).
        for (const chunk of chunksOf(rows)) await upsertPosts(tx, chunk);
        for (const chunk of chunksOf(steps)) await tx.insertInto('post_history').values(chunk).onConflict((conflict) => conflict.columns(['post_uuid', 'revision']).doNothing()).execute();
      }
      await projectPostMetrics(tx, messages);
    });
    for (const message of messages) this.progress.projected(message.workspaceUuid, message.postUuid, message.revision);
  }
}

const postRow = (message: PostEventMessage, database: GatewayDatabase): PostRow => ({
  uuid: message.postUuid,
  workspace_uuid: message.workspaceUuid,
  status: message.post.status,
  revision: message.revision,
  deleted: message.deleted,
  created_at: new Date(message.post.created_at),
  view: database.dialect.json(message.post),
  due_at: message.post.scheduled_at === null ? null : new Date(message.post.scheduled_at),
  changed_at: new Date(message.post.updated_at),
});

const historyRow = (message: PostEventMessage): HistoryRow => ({
  post_uuid: message.postUuid,
  revision: message.revision,
  type: message.type,
  occurred_at: new Date(message.occurredAt),
  account_id: 'accountId' in message ? message.accountId : null,
});
