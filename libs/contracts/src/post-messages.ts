import type { PostEvent } from '@app/domain';

/** A Post domain event as it travels on `post-events`. */
export type PostEventMessage = PostEvent & {
  eventId: string;
  postUuid: string;
  /** Stream revision of the event in `post-<uuid>`. */
  revision: number;
  /** Global position in the event store. */
  position: number;
  recordedAt: string;
};

/** Commands other services send to the Post aggregate on `post-commands`. */
export type PostCommandMessage =
  | { commandId: string; type: 'StartPublishing'; postUuid: string; scheduledRevision: number; sentAt: string }
  | {
      commandId: string;
      type: 'RecordPublishResult';
      postUuid: string;
      accountId: number;
      outcome: 'published' | 'failed';
      externalId: string | null;
      externalUrl: string | null;
      errors: string[];
      sentAt: string;
    };
