import type { PostView } from '@app/contracts';
import type { PostStatus, PostVersion } from '@app/domain';
import { ExistingPostState, toPostView, utcTimestamp } from '../post-view/to-post-view';
import type { SqlDialect } from '@app/persistence';
import type { PostsTables } from './posts-schema';

/** One row of `posts.posts`: the Post resource, plus what the service needs to filter and project. */
export interface PostRow {
  view: PostView;
  workspaceUuid: string;
  deleted: boolean;
  revision: number;
  /** The aggregate's state at `revision`, so the next event is applied with the domain's own evolve. */
  state: ExistingPostState;
}

export const toPostRow = (state: ExistingPostState): PostRow => ({
  view: toPostView(state),
  workspaceUuid: state.workspaceUuid,
  deleted: state.deleted,
  revision: state.revision,
  state,
});

export const POST_VIEW_COLUMNS = [
  'uuid',
  'status',
  'versions',
  'accounts',
  'tags',
  'scheduled_at',
  'published_at',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof PostsTables['posts']>;

/** Columns of the Post resource as the database returns them. */
export type PostViewColumns = Pick<PostsTables['posts'], (typeof POST_VIEW_COLUMNS)[number]>;

export const viewFromColumns = (row: PostViewColumns, { readJson }: SqlDialect): PostView => ({
  uuid: row.uuid,
  status: row.status as PostStatus,
  versions: readJson<PostVersion[]>(row.versions),
  accounts: readJson<PostView['accounts']>(row.accounts),
  tags: readJson<string[]>(row.tags),
  scheduled_at: row.scheduled_at === null ? null : utcTimestamp(row.scheduled_at),
  published_at: row.published_at === null ? null : utcTimestamp(row.published_at),
  created_at: utcTimestamp(row.created_at),
  updated_at: utcTimestamp(row.updated_at),
});
