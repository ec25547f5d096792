import { ACCOUNT_PUBLISH_STATUSES, POST_STATUSES, type AccountPublishStatus as PostAccountStatus, type PostStatus, type PostVersion as PostVersionView, type RecyclePlan } from '@app/domain';

/**
 * The Post resource of the HTTP API; `post-events` messages carry it too (the post after the event).
 * Its value types (statuses, versions and their content, the recycling plan) are the domain's own.
 */
export { POST_STATUSES, type PostStatus };

export const isPostStatus = (value: unknown): value is PostStatus => POST_STATUSES.some((status) => status === value);

export type { PostContent as PostContentView, PostVersion as PostVersionView } from '@app/domain';

/** A content item of the account's version as it is on the platform. */
export interface PostAccountItemView {
  external_id: string;
  external_url: string | null;
}

/** Where publishing a post to one of its accounts stands: not yet attempted (in the current round), or its result. */
export const POST_ACCOUNT_STATUSES = ACCOUNT_PUBLISH_STATUSES;
export type { PostAccountStatus };

export interface PostAccountView {
  /** @asType integer */
  id: number;
  provider: string;
  name: string;
  username: string | null;
  /** The first content item's address on the platform: the post itself. */
  external_url: string | null;
  errors: string[];
  status: PostAccountStatus;
  /** When the post was published on this account; null unless `status` is published. @format date-time */
  published_at: string | null;
  /** One entry per content item of the account's version, in order: null until that item is published. */
  items: (PostAccountItemView | null)[];
}

/** How often a post is published again once it is published. */
export type RecyclePlanView = RecyclePlan;

/** The Post resource of the HTTP API (`GET /api/{workspace}/posts/{uuid}`). */
export interface PostView {
  /** @format uuid */
  uuid: string;
  status: PostStatus;
  versions: PostVersionView[];
  accounts: PostAccountView[];
  tags: string[];
  /** How often the post is published again once it is published; null: never. */
  recycle: RecyclePlanView | null;
  /** The uuid of the first post this one is a copy of, made by recycling; null for a post of its own. @format uuid */
  recycled_from: string | null;
  /**
   * When the post is due (scheduled, needs_approval, publishing); a draft may keep a time its author gave it, for later: it is not due then.
   * A post sent to the queue is due at the slot it was given. @format date-time
   */
  scheduled_at: string | null;
  /** @format date-time */
  published_at: string | null;
  /** @format date-time */
  created_at: string;
  /** @format date-time */
  updated_at: string;
}

/** How many posts of a workspace are in each status (deleted posts not counted): every status is a key. */
export type PostCounts = Record<PostStatus, number>;

export interface PostPage {
  data: PostView[];
  meta: { page: number; limit: number; total: number };
}
