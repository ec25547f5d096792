import { GraphAnswer, invalidParameter, ThreadsUser } from './threads-graph-answers';

type MediaType = 'TEXT' | 'IMAGE' | 'VIDEO' | 'CAROUSEL';

/** A media container (`POST /{user-id}/threads`), from its creation to its publishing. */
export interface Container {
  id: string;
  userId: string;
  mediaType: MediaType;
  text: string;
  isCarouselItem: boolean;
  children: string[];
  replyToId: string | null;
  createdAt: number;
  /** The fetched file of an IMAGE or VIDEO: pending while Threads downloads it, null when that failed. */
  file: Promise<{ bytes: Buffer; mimeType: string } | null> | null;
  fetched: { bytes: Buffer; mimeType: string } | null | undefined;
  /** When processing ends, once the file is there (Infinity: never). */
  readyAt: number;
  publishedAs: string | null;
}

/** A container not published within 24 hours expires. */
const CONTAINER_LIFETIME_MS = 24 * 3600 * 1000;
const TEXT_LIMIT = 500;
const MEDIA_TYPES: readonly MediaType[] = ['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'];

/**
 * The length Threads gives a text: characters, where an emoji counts as many as its UTF-8 bytes
 * (as the reference says of the 500-character limit).
 */
export function threadsTextLength(text: string): number {
  let length = 0;
  for (const character of text) length += /\p{Extended_Pictographic}/u.test(character) ? Buffer.byteLength(character) : 1;
  return length;
}

/**
 * A container's status as `GET /{container-id}?fields=status,error_message` answers it:
 * IN_PROGRESS while the media is downloaded and processed (a carousel: while a child is), then
 * FINISHED, PUBLISHED once published, ERROR (with `error_message`) when the media could not be
 * used, EXPIRED when it was not published within 24 hours.
 */
export function statusOf(container: Container, children: (id: string) => Container | undefined, now = Date.now()): { status: string; error_message?: string } {
  if (container.publishedAs) return { status: 'PUBLISHED' };
  if (now - container.createdAt > CONTAINER_LIFETIME_MS) return { status: 'EXPIRED' };
  if (container.fetched === null) return { status: 'ERROR', error_message: container.mediaType === 'VIDEO' ? 'FAILED_DOWNLOADING_VIDEO' : 'UNKNOWN' };
  const items = container.children.map((id) => children(id));
  const itemStatuses = items.map((item) => (item ? statusOf(item, children, now) : { status: 'ERROR', error_message: 'UNKNOWN' }));
  const failed = itemStatuses.find((item) => item.status === 'ERROR');
  if (failed) return failed;
  const waiting = container.file !== null && container.fetched === undefined;
  if (waiting || itemStatuses.some((item) => item.status !== 'FINISHED') || now < container.readyAt) return { status: 'IN_PROGRESS' };
  return { status: 'FINISHED' };
}

/** What a container's parameters lack or break, as the Graph API refuses them; null when they are valid. */
export function refusalOfContainer(params: URLSearchParams, user: ThreadsUser, lookup: { container(id: string): Container | undefined; rootOwnerOf(id: string): string | null }): GraphAnswer | null {
  const mediaType = params.get('media_type') as MediaType;
  if (!MEDIA_TYPES.includes(mediaType)) return invalidParameter('Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}');
  const text = params.get('text') ?? '';
  if (mediaType === 'TEXT' && !text) return invalidParameter('Param text is required for a TEXT post');
  if (threadsTextLength(text) > TEXT_LIMIT) return invalidParameter(`Param text must be at most ${TEXT_LIMIT} characters long.`);
  if (mediaType === 'IMAGE' && !params.get('image_url')) return invalidParameter('Param image_url is required for an IMAGE post');
  if (mediaType === 'VIDEO' && !params.get('video_url')) return invalidParameter('Param video_url is required for a VIDEO post');
  if (mediaType === 'CAROUSEL') {
    const children = (params.get('children') ?? '').split(',').filter(Boolean);
    if (children.length < 2 || children.length > 20) return invalidParameter('Param children must name between 2 and 20 carousel items');
    const unusable = children.find((id) => {
      const child = lookup.container(id);
      return !child || child.userId !== user.id || !child.isCarouselItem;
    });
    if (unusable) return invalidParameter(`Param children contains an invalid carousel item: ${unusable}`);
  }
  const replyTo = params.get('reply_to_id');
  if (replyTo !== null) {
    const owner = lookup.rootOwnerOf(replyTo);
    if (owner === null) return invalidParameter('Param reply_to_id must be a valid Threads media id');
    // Replying needs the root post to be the user's own (or mention and keyword permissions).
    if (owner !== user.id) return invalidParameter('Param reply_to_id must be a post of a thread the user owns');
  }
  return null;
}

/** Threads downloads an IMAGE's or VIDEO's file from the URL it was given, as a real client would. */
export async function download(url: string): Promise<{ bytes: Buffer; mimeType: string } | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    return { bytes: Buffer.from(await response.arrayBuffer()), mimeType: response.headers.get('content-type') ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
