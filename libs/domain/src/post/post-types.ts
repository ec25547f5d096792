/** Values shared by the commands, events and state of the Post aggregate. */

export type PostStatus = 'draft' | 'needs_approval' | 'scheduled' | 'publishing' | 'published' | 'failed';

export interface PostContent {
  body: string;
  media: string[];
}

export interface PostVersion {
  /** 0 for the original version, otherwise the account the version is written for. */
  account_id: number;
  is_original: boolean;
  content: PostContent[];
  options: Record<string, unknown>;
}

/** What the post needs to know of an account it targets, taken when the post is written. */
export interface AccountSnapshot {
  id: number;
  provider: string;
  name: string;
  username: string | null;
}

export interface AccountPublishResult {
  accountId: number;
  outcome: 'published' | 'failed';
  externalId: string | null;
  externalUrl: string | null;
  errors: string[];
}

/** How the author asked the post to be scheduled. */
export type ScheduleIntent =
  | { kind: 'draft' }
  | { kind: 'schedule'; scheduledAt: string }
  | { kind: 'schedule_now' };
