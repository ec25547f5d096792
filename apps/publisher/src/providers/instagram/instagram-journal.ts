import { PublishProgress } from '../publish-provider';

/**
 * What the publish of one content item to Instagram journals (`request.progress`), each step
 * before it is taken or as soon as it is known: the carousel items made, the container to publish,
 * when its processing began, that publishing was asked for, the media it became; for a first
 * comment, that it was asked for.
 */
export interface InstagramJournal {
  items: string[];
  containerId: string | null;
  processingStartedAt: number | null;
  publishRequested: boolean;
  mediaId: string | null;
  commentRequested: boolean;
}

const FORGOTTEN = { item_ids: [], container_id: null, processing_started_at: null, publish_requested: false };

const idOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The journal as earlier tries of the item left it (what they recorded, read defensively). */
export async function readJournal(progress: PublishProgress): Promise<InstagramJournal> {
  const recorded = (await progress.read()) ?? {};
  return {
    items: Array.isArray(recorded.item_ids) ? recorded.item_ids.filter((id): id is string => typeof id === 'string') : [],
    containerId: idOf(recorded.container_id),
    processingStartedAt: typeof recorded.processing_started_at === 'number' ? recorded.processing_started_at : null,
    publishRequested: recorded.publish_requested === true,
    mediaId: idOf(recorded.media_id),
    commentRequested: recorded.comment_requested === true,
  };
}

/** Records steps of the journal, under the names it is kept with. */
export const JournalSteps = {
  itemMade: (items: readonly string[]) => ({ item_ids: [...items] }),
  containerMade: (id: string) => ({ container_id: id }),
  processingStarted: (at: number) => ({ processing_started_at: at }),
  publishRequested: () => ({ publish_requested: true }),
  published: (mediaId: string) => ({ media_id: mediaId }),
  commentRequested: () => ({ comment_requested: true }),
  /** The containers expired unpublished: the next try makes them again. */
  forgotten: () => FORGOTTEN,
} as const;
