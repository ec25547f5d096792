/** Commands other services send to the Post aggregate on `post-commands`. */
export type PostCommandMessage =
  | { commandId: string; type: 'StartPublishing'; postUuid: string; scheduledRevision: number; sentAt: string }
  /** From the scheduler's watchdog: publishing started `waitedMs` ago and results are still missing. */
  | { commandId: string; type: 'ExpirePublishing'; postUuid: string; waitedMs: number; sentAt: string }
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
