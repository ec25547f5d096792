import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PostPage, PostView } from '@app/contracts';
import type { PostStatus } from '@app/domain';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { POST_VIEW_COLUMNS, PostViewColumns, viewFromColumns } from './post-row';
import { POSTS_TABLE } from './posts-schema';

/** How long a command's reply waits for its effect to reach the read model. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

export interface PostsQuery {
  workspaceUuid: string;
  status: PostStatus | null;
  page: number;
  limit: number;
}

/** Queries of the posts read model. Deleted posts and posts of other workspaces are never returned. */
@Injectable()
export class PostsReadModel {
  private readonly logger = new Logger(PostsReadModel.name);

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async find(workspaceUuid: string, postUuid: string): Promise<PostView | null> {
    const rows = await this.sql.query<PostViewColumns>(
      `SELECT ${POST_VIEW_COLUMNS} FROM ${POSTS_TABLE} WHERE uuid = $1 AND workspace_uuid = $2 AND NOT deleted`,
      [postUuid, workspaceUuid],
    );
    return rows.length === 0 ? null : viewFromColumns(rows[0]);
  }

  /** Newest first. */
  async list({ workspaceUuid, status, page, limit }: PostsQuery): Promise<PostPage> {
    const filter = `workspace_uuid = $1 AND NOT deleted AND ($2::text IS NULL OR status = $2::text)`;
    const rows = await this.sql.query<PostViewColumns>(
      `SELECT ${POST_VIEW_COLUMNS} FROM ${POSTS_TABLE} WHERE ${filter}
       ORDER BY created_at DESC, uuid DESC LIMIT $3 OFFSET $4`,
      [workspaceUuid, status, limit, (page - 1) * limit],
    );
    const [{ total }] = await this.sql.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM ${POSTS_TABLE} WHERE ${filter}`,
      [workspaceUuid, status],
    );
    return { data: rows.map(viewFromColumns), meta: { page, limit, total } };
  }

  /**
   * Waits until the projection has applied the post's events up to `revision`, so that a read
   * right after a command sees its effect. Gives up after `timeoutMs` and says so in the log.
   */
  async waitForRevision(postUuid: string, revision: number, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS, pollMs = 20): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await this.sql.query<{ revision: number }>(`SELECT revision FROM ${POSTS_TABLE} WHERE uuid = $1`, [postUuid]);
      if (rows.length > 0 && rows[0].revision >= revision) return true;
      if (Date.now() >= deadline) {
        this.logger.warn(`Read model has not reached revision ${revision} of post ${postUuid} after ${timeoutMs} ms; replying anyway`);
        return false;
      }
      await sleep(pollMs);
    }
  }
}
