import { ProviderFailure, PublishMedia, PublishOutcome } from '../publish-provider';
import { facebookFailure } from './facebook-errors';
import { unpublishedPhotos } from './facebook-feed';
import { okBody } from './facebook-graph';
import { PageContext, stepsOf } from './facebook-steps';
import { idOf, processedVideo, requestFinish, uploadedVideo } from './facebook-video';

/** A story as the Page's `stories` edge lists it. */
interface PageStory {
  post_id?: string;
  status?: string;
  media_type?: string;
  media_id?: string;
  url?: string;
}

/**
 * A story of the Page (Page Stories API), which shows its media only (the API takes no text): an
 * image uploaded as an unpublished photo, then published with `POST /{page}/photo_stories`
 * (`photo_id`); a video in an upload session of `video_stories` (start, the video fetched by
 * Facebook, finish), then processed. Each id is journaled; when the answer of the request that
 * publishes was lost, a try made again finds the story among the Page's (`GET /{page}/stories`,
 * by its media) before asking again. The story's address is the `url` that list gives.
 */
export async function publishStory(context: PageContext, media: PublishMedia): Promise<PublishOutcome> {
  const video = media.mimeType.startsWith('video/');
  const steps = await stepsOf(context.progress);
  const mediaId = video ? await uploadedVideo(context, 'video_stories', media) : await unpublishedPhotos(context, [media]).then((ids) => (Array.isArray(ids) ? ids[0] : ids));
  if (typeof mediaId !== 'string') return mediaId;
  let postId = steps.post_id ?? null;
  if (!postId && steps.finish_requested) {
    const found = await findStory(context, { mediaId });
    if (found && 'kind' in found) return found;
    postId = found?.post_id ?? null;
  }
  if (!postId) {
    const created = await requestStory(context, video, mediaId);
    if (typeof created !== 'string') return created;
    postId = created;
  }
  if (video) {
    const processed = await processedVideo(context, mediaId);
    if (processed !== true) return processed;
  }
  return publishedStory(context, postId);
}

/**
 * Asks Facebook to publish the story (journaled first): `photo_stories` with the photo, or the
 * video session's finish. Its `post_id` is journaled as soon as it comes.
 */
async function requestStory(context: PageContext, video: boolean, mediaId: string): Promise<string | ProviderFailure> {
  let postId: string | null;
  if (video) {
    const finished = await requestFinish(context, 'video_stories', mediaId, {}, {});
    if (finished.kind !== 'finished') return finished;
    postId = idOf(finished.body.post_id);
  } else {
    await context.progress.record({ finish_requested: true });
    const answer = await context.graph.post(`${context.pageId}/photo_stories`, { photo_id: mediaId });
    postId = idOf(okBody<{ success?: unknown; post_id?: unknown }>(answer)?.post_id);
    if (!postId) return facebookFailure(answer);
  }
  // A repeated finish that Facebook took without an answer of its own: the story is found by its media on the next try.
  if (!postId) return { kind: 'retry_later', message: 'Facebook took the story but did not name it yet.', retryAfterMs: 5_000 };
  await context.progress.record({ post_id: postId });
  return postId;
}

/** The story on the Page, with the address the Page's stories give for it (none when Facebook does not list it). */
async function publishedStory(context: PageContext, postId: string): Promise<PublishOutcome> {
  const found = await findStory(context, { postId });
  const url = found && !('kind' in found) && typeof found.url === 'string' && found.url ? found.url : null;
  return { kind: 'published', externalId: postId, externalUrl: url };
}

/** The Page's story showing this media, or of this post id; null when none is listed; or the lookup's failure. */
async function findStory(context: PageContext, by: { mediaId?: string; postId?: string }): Promise<PageStory | null | ProviderFailure> {
  const answer = await context.graph.get(`${context.pageId}/stories`);
  const stories = okBody<{ data?: PageStory[] }>(answer)?.data;
  if (!Array.isArray(stories)) return facebookFailure(answer);
  return stories.find((story) => (by.mediaId !== undefined && story.media_id === by.mediaId) || (by.postId !== undefined && story.post_id === by.postId)) ?? null;
}
