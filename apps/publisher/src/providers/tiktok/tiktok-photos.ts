import { ProcessingSettings } from '../processing/await-processing';
import { PublishMedia, PublishOutcome, PublishProgress } from '../publish-provider';
import { tiktokData, tiktokFailure, TikTokMessages } from './tiktok-errors';
import { bearer, TikTokCall, TikTokPostSettings } from './tiktok-post';
import { awaitPublished, publishedPost } from './tiktok-status';

/** What a photo publish journals: that the init was sent, then its publish id and when processing began. */
export interface PhotoSteps {
  photo_init_sent: boolean;
  publish_id?: string;
  creator_username?: string | null;
  processing_started_at?: number;
}

/** Everything a photo publish needs beside the creator's call. */
export interface PhotoPublish {
  text: string;
  photos: readonly PublishMedia[];
  progress: PublishProgress;
  processing: ProcessingSettings;
}

/**
 * A direct post of photos: `POST /v2/post/publish/content/init/` (PULL_FROM_URL, media_type PHOTO,
 * the first photo as the cover, the text as the description) names each photo by its signed
 * address, from which TikTok fetches it; the publish is then polled until done. TikTok acts on the
 * init at once and offers no way to find a post by anything but its publish id: an init whose
 * answer was lost, or that a crash cut off, may have posted, so it is reported unknown, never sent again.
 */
export async function postPhotos(call: TikTokCall, publish: PhotoPublish, settings: TikTokPostSettings, username: string | null): Promise<PublishOutcome> {
  await publish.progress.record({ photo_init_sent: true });
  const answer = await call.http.send({
    method: 'POST',
    url: `${call.apiUrl}/v2/post/publish/content/init/`,
    headers: bearer(call),
    json: {
      post_info: { description: publish.text, privacy_level: settings.privacy_level, disable_comment: settings.disable_comment },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: publish.photos.map((photo) => photo.url()) },
      post_mode: 'DIRECT_POST',
      media_type: 'PHOTO',
    },
  });
  const data = tiktokData(answer);
  if (!data) {
    // TikTok refused the init, or never got it: nothing was posted, and the next try may send it again.
    if (answer.kind === 'answer' || answer.kind === 'not_sent') await publish.progress.record({ photo_init_sent: false });
    return tiktokFailure(answer, false);
  }
  const publishId = data.publish_id;
  if (typeof publishId !== 'string') return { kind: 'unknown', message: TikTokMessages.incompleteAnswer('a publish_id') };
  const steps = { photo_init_sent: true, publish_id: publishId, creator_username: username, processing_started_at: Date.now() };
  await publish.progress.record(steps);
  return awaitPhotos(call, publish, steps);
}

/** A photo publish made again after a crash or a wait: it waits for the publish the init made, or reports an init without an answer unknown. */
export function resumePhotos(call: TikTokCall, publish: PhotoPublish, steps: PhotoSteps): Promise<PublishOutcome> {
  if (!steps.publish_id) return Promise.resolve({ kind: 'unknown', message: TikTokMessages.photoOutcomeUnknown });
  return awaitPhotos(call, publish, steps);
}

async function awaitPhotos(call: TikTokCall, publish: PhotoPublish, steps: PhotoSteps): Promise<PublishOutcome> {
  const publishId = steps.publish_id!;
  const postIds = await awaitPublished(call, publishId, steps.processing_started_at ?? Date.now(), publish.processing);
  if (!Array.isArray(postIds)) return postIds;
  return publishedPost(publishId, postIds, steps.creator_username ?? null);
}

/** The journaled steps of a photo publish, or null when the item journaled none (or another kind). */
export function photoStepsOf(steps: Readonly<Record<string, unknown>> | null): PhotoSteps | null {
  if (steps?.photo_init_sent !== true) return null;
  const { publish_id, creator_username, processing_started_at } = steps;
  return {
    photo_init_sent: true,
    ...(typeof publish_id === 'string' ? { publish_id } : {}),
    ...(typeof creator_username === 'string' || creator_username === null ? { creator_username } : {}),
    ...(typeof processing_started_at === 'number' ? { processing_started_at } : {}),
  };
}
