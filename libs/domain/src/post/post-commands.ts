import { AccountSnapshot, PostVersion, ScheduleIntent } from './post-types';

/** Who issues a command, with the rights the gateway established for them in the workspace. */
export interface Actor {
  userId: number;
  canApprove: boolean;
}

export interface PostContentInput {
  versions: PostVersion[];
  accounts: AccountSnapshot[];
  tags: string[];
  intent: ScheduleIntent;
  /**
   * Account id -> the longest text its platform takes, for the accounts that have a limit, as the
   * workspace knew them when the body was read (Mastodon's depends on the instance).
   */
  textLimits?: Readonly<Record<number, number>>;
}

export type PostCommand =
  | { type: 'CreatePost'; postUuid: string; workspaceUuid: string; actor: Actor; now: string; input: PostContentInput }
  | { type: 'UpdatePost'; actor: Actor; now: string; input: PostContentInput }
  | { type: 'DeletePost'; actor: Actor; now: string }
  | { type: 'ApprovePost'; actor: Actor; now: string }
  /** Sent by the scheduler at the due time; `scheduledRevision` is the revision of the PostScheduled it timed. */
  | { type: 'StartPublishing'; scheduledRevision: number; now: string }
  /**
   * Sent by the scheduler's watchdog when no publish result came in `waitedMs` after publishing
   * started: the accounts still without a result fail, so the post does not stay publishing.
   */
  | { type: 'ExpirePublishing'; waitedMs: number; now: string }
  /** Sent by the publisher once per account. */
  | {
      type: 'RecordPublishResult';
      now: string;
      accountId: number;
      outcome: 'published' | 'failed';
      externalId: string | null;
      externalUrl: string | null;
      errors: string[];
    };

export type PostCommandType = PostCommand['type'];
