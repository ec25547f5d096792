import { RecordedPublication, AccountSnapshot, PostStatus, PostVersion } from './post-types';

export type PostState =
  | { exists: false }
  | {
      exists: true;
      /** Stream revision of the last event applied (0 for the first); evolve counts it. */
      revision: number;
      /** Revision of the PostScheduled event that the current schedule comes from. */
      scheduledRevision: number | null;
      deleted: boolean;
      postUuid: string;
      workspaceUuid: string;
      status: PostStatus;
      versions: PostVersion[];
      accounts: AccountSnapshot[];
      tags: string[];
      scheduledAt: string | null;
      publishedAt: string | null;
      createdAt: string;
      updatedAt: string;
      /** Results of the current (or last) publishing round, by account id. */
      publications: Record<number, RecordedPublication>;
    };

/** The state of a post whose stream has events: deleted or not. */
export type ExistingPostState = Extract<PostState, { exists: true }>;

export const initialPostState: PostState = { exists: false };
