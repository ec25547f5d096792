import type { PostMetrics } from '../analytics/post-metrics';
import type { PostingQueue } from '../queue/posting-queue';
import type { RecycledFrom, RecyclePlan } from './recycle';
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
      createdBy: number;
      status: PostStatus;
      versions: PostVersion[];
      accounts: AccountSnapshot[];
      tags: string[];
      recycle: RecyclePlan | null;
      /** The queue a recycled post was given its slot of, whose slots its copies take (null: copies are due at their time). */
      recycleQueue: PostingQueue | null;
      /** The post this one is a copy of (null for a post of its own). */
      recycledFrom: RecycledFrom | null;
      scheduledAt: string | null;
      publishedAt: string | null;
      createdAt: string;
      updatedAt: string;
      /** Results of the current (or last) publishing round, by account id. */
      publications: Record<number, RecordedPublication>;
      /** The latest figures of each published account whose platform reported some, by account id. */
      metrics: Record<number, CollectedMetrics>;
    };

/** A published account's latest figures, and the points of the collection recorded for it. */
export interface CollectedMetrics {
  metrics: PostMetrics;
  collectedAt: string;
  points: string[];
}

/** The state of a post whose stream has events: deleted or not. */
export type ExistingPostState = Extract<PostState, { exists: true }>;

export const initialPostState: PostState = { exists: false };
