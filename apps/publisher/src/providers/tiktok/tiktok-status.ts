import { awaitProcessing, ProcessingSettings } from '../processing/await-processing';
import { ProviderFailure, PublishOutcome } from '../publish-provider';
import { tiktokData, tiktokFailure, TikTokMessages } from './tiktok-errors';
import { bearer, TikTokCall } from './tiktok-post';

/**
 * Where a publish is (`POST /v2/post/publish/status/fetch/`): PROCESSING_UPLOAD (with the bytes
 * received so far), PROCESSING_DOWNLOAD (photos being fetched), SEND_TO_USER_INBOX,
 * PUBLISH_COMPLETE, or FAILED with TikTok's reason.
 */
export interface PublishStatus {
  status: string;
  failReason: string | null;
  /** The ids of the post once it is public (`publicaly_available_post_id`, TikTok's spelling); none for a post only some may see. */
  postIds: string[];
  uploadedBytes: number | null;
}

/** Asking for a publish's status changes nothing: it is sent again after a lost answer. */
export async function fetchStatus(call: TikTokCall, publishId: string): Promise<PublishStatus | ProviderFailure> {
  const answer = await call.http.send({ method: 'POST', url: `${call.apiUrl}/v2/post/publish/status/fetch/`, headers: bearer(call), json: { publish_id: publishId } });
  const data = tiktokData(answer);
  if (!data) return tiktokFailure(answer);
  return {
    status: typeof data.status === 'string' ? data.status : 'unknown',
    failReason: typeof data.fail_reason === 'string' && data.fail_reason ? data.fail_reason : null,
    postIds: Array.isArray(data.publicaly_available_post_id) ? data.publicaly_available_post_id.flatMap(exactId) : [],
    uploadedBytes: typeof data.uploaded_bytes === 'number' ? data.uploaded_bytes : null,
  };
}

/**
 * A post id as its digits. TikTok writes ids as JSON numbers of 19 digits, more than a double holds:
 * one read as a number beyond the safe integers has lost its last digits and names another post,
 * so it is not taken.
 */
function exactId(id: unknown): string[] {
  if (typeof id === 'string' && /^\d+$/.test(id)) return [id];
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return [String(id)];
  return [];
}

/** Polls the publish until TikTok completes it (its public post ids), fails it, or it outlives the processing timeout counted from `startedAt`. */
export function awaitPublished(call: TikTokCall, publishId: string, startedAt: number, settings: ProcessingSettings): Promise<string[] | ProviderFailure> {
  return awaitProcessing(
    'TikTok',
    async () => {
      const status = await fetchStatus(call, publishId);
      if ('kind' in status) return status;
      if (status.status === 'PUBLISH_COMPLETE') return { kind: 'done', value: status.postIds };
      if (status.status === 'FAILED') return { kind: 'rejected', message: TikTokMessages.failed(status.failReason ?? 'no reason given') };
      return { kind: 'processing', status: status.status };
    },
    startedAt,
    settings,
  );
}

/**
 * The post TikTok completed: its public id and address (`https://www.tiktok.com/@<username>/video/<id>`);
 * a post only some may see has no public id, so the publish id stands for it, without an address.
 */
export function publishedPost(publishId: string, postIds: readonly string[], username: string | null): PublishOutcome {
  const [postId] = postIds;
  if (!postId) return { kind: 'published', externalId: publishId, externalUrl: null };
  return { kind: 'published', externalId: postId, externalUrl: username ? `https://www.tiktok.com/@${encodeURIComponent(username)}/video/${postId}` : null };
}
