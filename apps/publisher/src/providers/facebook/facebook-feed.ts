import { ProviderFailure, PublishMedia, PublishOutcome } from '../publish-provider';
import { facebookFailure } from './facebook-errors';
import { graphTime, okBody } from './facebook-graph';
import { createdId, PageContext, publishedItem, stepsOf } from './facebook-steps';

/**
 * How long before the first attempt a post found by the lookup may have been created (the clocks
 * of Facebook and of this service differ a little). Kept short: an earlier post of the same text
 * must not be taken for this one.
 */
export const LOOKUP_MARGIN_MS = 5_000;

/** Whether Facebook's text of a post (absent when empty; its ends may be trimmed) is the text sent. */
export const sameText = (shown: string | undefined, sent: string): boolean => (shown ?? '').trim() === sent.trim();

/** Characters that end a sentence rather than an address written in it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"»”]+$/;

/**
 * The address a text post links to: the first http(s) address in its text, without the
 * punctuation that ends its sentence. Sent as the post's `link`, Facebook shows it as the post's
 * link preview (its title, description and image); the text stays whole as the `message`.
 */
export function linkOf(text: string): string | undefined {
  const found = /https?:\/\/[^\s<>"]+/i.exec(text)?.[0]?.replace(TRAILING_PUNCTUATION, '');
  if (!found) return undefined;
  try {
    new URL(found);
    return found;
  } catch {
    return undefined;
  }
}

/**
 * A post on the Page's feed, in Facebook's own forms: a text (with its first address as the
 * link preview) through `POST /{page}/feed`; one image as a photo post (`POST /{page}/photos`,
 * `url` and `caption`: Facebook fetches the image); several images uploaded unpublished first
 * (`published=false`, journaled) and attached to one feed post (`attached_media`).
 *
 * Feed posts take no idempotency key: the time of the request that creates the post is journaled
 * before it is sent, and a try made again first looks for a post of the same text created since
 * the first attempt among the Page's posts (`GET /{page}/posts`), so that a lost answer or a
 * crash never posts twice.
 */
export async function publishFeedPost(context: PageContext, text: string, images: readonly PublishMedia[]): Promise<PublishOutcome> {
  const steps = await stepsOf(context.progress);
  if (steps.post_id) return publishedItem(context, steps.post_id, 'post');
  if (steps.publish_requested_at !== undefined) {
    const found = await findPost(context, text);
    if (found !== null) return found;
  }
  if (images.length === 1) {
    await context.progress.record({ publish_requested_at: Date.now() });
    const answer = await context.graph.post(`${context.pageId}/photos`, { url: images[0].url(), caption: text, published: true });
    const postId = createdId(answer, 'post_id');
    return typeof postId === 'string' ? publishedItem(context, postId, 'post') : postId;
  }
  const attached = images.length > 1 ? await unpublishedPhotos(context, images) : [];
  if (!Array.isArray(attached)) return attached;
  const link = attached.length === 0 ? linkOf(text) : undefined;
  await context.progress.record({ publish_requested_at: Date.now() });
  const answer = await context.graph.post(`${context.pageId}/feed`, {
    message: text,
    ...(link ? { link } : {}),
    ...(attached.length > 0 ? { attached_media: attached.map((id) => ({ media_fbid: id })) } : {}),
  });
  const postId = createdId(answer);
  return typeof postId === 'string' ? publishedItem(context, postId, 'post') : postId;
}

/**
 * The images uploaded as unpublished photos of the Page (`published=false`: on no feed until a
 * post attaches them), each id journaled as it comes, so that a try made again uploads only the
 * rest. An unpublished photo left behind is seen by nobody.
 */
export async function unpublishedPhotos(context: PageContext, images: readonly PublishMedia[]): Promise<string[] | ProviderFailure> {
  const ids = [...((await stepsOf(context.progress)).photo_ids ?? [])];
  for (const image of images.slice(ids.length)) {
    const answer = await context.graph.post(`${context.pageId}/photos`, { url: image.url(), published: false });
    const id = createdId(answer);
    if (typeof id !== 'string') return id;
    ids.push(id);
    await context.progress.record({ photo_ids: [...ids] });
  }
  return ids;
}

interface PagePost {
  id: string;
  message?: string;
  created_time?: string;
  permalink_url?: string;
}

/**
 * The Page's post of this text created since the first attempt (what a try whose answer was lost
 * created), as published; null when there is none; or the failure of the lookup.
 */
async function findPost(context: PageContext, text: string): Promise<PublishOutcome | null> {
  const since = context.firstAttemptAt.getTime() - LOOKUP_MARGIN_MS;
  const answer = await context.graph.get(`${context.pageId}/posts`, { fields: 'id,message,created_time,permalink_url', since: Math.floor(since / 1000), limit: 100 });
  const posts = okBody<{ data?: PagePost[] }>(answer)?.data;
  if (!Array.isArray(posts)) return facebookFailure(answer);
  const found = posts.find((post) => sameText(post.message, text) && !(graphTime(post.created_time) < since));
  return found ? publishedItem(context, found.id, 'post', found.permalink_url ?? null) : null;
}
