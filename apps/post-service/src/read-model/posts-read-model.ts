import { Inject, Injectable } from '@nestjs/common';
import type { PostPage, PostView } from '@app/contracts';
import type { PostStatus } from '@app/domain';
import { POSTS_DATABASE, PostsDatabase } from './posts-schema';
import { POST_VIEW_COLUMNS, viewFromColumns } from './post-row';
import { ProjectionProgress } from './projection-progress';

export interface PostsQuery {
  workspaceUuid: string;
  status: PostStatus | null;
  page: number;
  limit: number;
}

/**
 * Queries of the posts read model. Deleted posts and posts of other workspaces are never
 * returned. A read first lets the projection catch up with this process's own writes.
 */
@Injectable()
export class PostsReadModel {
  constructor(
    @Inject(POSTS_DATABASE) private readonly database: PostsDatabase,
    private readonly progress: ProjectionProgress,
  ) {}

  async find(workspaceUuid: string, postUuid: string): Promise<PostView | null> {
    await this.progress.caughtUpWith(postUuid);
    const row = await this.database.db
      .selectFrom('posts')
      .select(POST_VIEW_COLUMNS)
      .where('uuid', '=', postUuid)
      .where('workspace_uuid', '=', workspaceUuid)
      .where('deleted', '=', false)
      .executeTakeFirst();
    return row ? viewFromColumns(row, this.database.dialect) : null;
  }

  /** Newest first. */
  async list({ workspaceUuid, status, page, limit }: PostsQuery): Promise<PostPage> {
    await this.progress.caughtUpWithAll();
    let filtered = this.database.db.selectFrom('posts').where('workspace_uuid', '=', workspaceUuid).where('deleted', '=', false);
    if (status !== null) filtered = filtered.where('status', '=', status);
    const [rows, count] = await Promise.all([
      filtered
        .select(POST_VIEW_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('uuid', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((row) => viewFromColumns(row, this.database.dialect)), meta: { page, limit, total: Number(count.total) } };
  }
}
