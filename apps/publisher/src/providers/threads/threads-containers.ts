import { PublishMedia } from '../publish-provider';

/** The parameters of one `POST /{user-id}/threads` (a media container), as Threads reads them. */
export type ContainerParams = Record<string, string>;

/** Threads' own limits of a carousel. */
export const CAROUSEL_MIN_ITEMS = 2;
export const CAROUSEL_MAX_ITEMS = 20;

/** The image and video formats Threads publishes (its media specifications). */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png']);
const VIDEO_TYPES: ReadonlySet<string> = new Set(['video/mp4', 'video/quicktime']);

export const ThreadsMediaMessages = {
  tooMany: (count: number) => `A Threads post takes at most ${CAROUSEL_MAX_ITEMS} images or videos (this one has ${count}).`,
  unsupported: (mimeType: string) => `Threads publishes JPEG and PNG images and MP4 and MOV videos, not ${mimeType}.`,
} as const;

/** Why Threads cannot take these media, before anything is sent; null when it can. */
export function mediaRefusal(media: readonly PublishMedia[]): string | null {
  if (media.length > CAROUSEL_MAX_ITEMS) return ThreadsMediaMessages.tooMany(media.length);
  const unsupported = media.find((file) => !IMAGE_TYPES.has(file.mimeType) && !VIDEO_TYPES.has(file.mimeType));
  return unsupported ? ThreadsMediaMessages.unsupported(unsupported.mimeType) : null;
}

/** Whether the item is a carousel: its media are containers of their own, the children of the post's container. */
export const isCarousel = (media: readonly PublishMedia[]): boolean => media.length >= CAROUSEL_MIN_ITEMS;

/** One image or video as Threads fetches it: from the file's signed address. */
function mediaParams(file: PublishMedia): ContainerParams {
  return VIDEO_TYPES.has(file.mimeType) ? { media_type: 'VIDEO', video_url: file.url() } : { media_type: 'IMAGE', image_url: file.url() };
}

/** A carousel's item: an image or video of its own, marked as a carousel item (it has no text). */
export const carouselItemParams = (file: PublishMedia): ContainerParams => ({ ...mediaParams(file), is_carousel_item: 'true' });

/**
 * The container of a content item: a TEXT post, an IMAGE or VIDEO with its text, or a CAROUSEL of
 * the children already created; a reply (`reply_to_id`) when it follows another item of the thread.
 */
export function postParams(text: string, media: readonly PublishMedia[], children: readonly string[], replyTo: string | null): ContainerParams {
  const kind: ContainerParams = media.length === 0 ? { media_type: 'TEXT' } : isCarousel(media) ? { media_type: 'CAROUSEL', children: children.join(',') } : mediaParams(media[0]);
  return { ...kind, ...(text ? { text } : {}), ...(replyTo ? { reply_to_id: replyTo } : {}) };
}

/** What a publish of one content item has journaled so far (`PublishRequest.progress`). */
export interface ThreadsProgress {
  /** When the first container was about to be created (epoch ms): the processing timeout counts from it. */
  processing_started_at?: number;
  /** The carousel items created so far, in the media's order. */
  children?: string[];
  /** The item's container (the post itself). */
  container_id?: string;
  /** `threads_publish` was (about to be) asked for the container: from then on, a lost answer is found, never published again. */
  publish_requested?: boolean;
  /** The post Threads published. */
  published_id?: string;
}

/** The journal as recorded, each field kept only when it has its type. */
export function readProgress(recorded: Readonly<Record<string, unknown>> | null): ThreadsProgress {
  const progress: ThreadsProgress = {};
  if (!recorded) return progress;
  if (typeof recorded.processing_started_at === 'number') progress.processing_started_at = recorded.processing_started_at;
  if (Array.isArray(recorded.children) && recorded.children.every((id) => typeof id === 'string')) progress.children = recorded.children as string[];
  if (typeof recorded.container_id === 'string') progress.container_id = recorded.container_id;
  if (recorded.publish_requested === true) progress.publish_requested = true;
  if (typeof recorded.published_id === 'string') progress.published_id = recorded.published_id;
  return progress;
}
