import { ProcessingSettings } from '../processing/await-processing';
import { ProviderFailure, PublishMedia, PublishOutcome, PublishProgress } from '../publish-provider';
import { tiktokData, tiktokFailure, TikTokMessages } from './tiktok-errors';
import { bearer, TikTokCall, TikTokPostSettings } from './tiktok-post';
import { awaitPublished, fetchStatus, publishedPost } from './tiktok-status';

/**
 * The size of the chunks a video is sent in. TikTok takes chunks of 5 MB to 64 MB (the last one
 * takes the bytes left over, up to 128 MB) and a video up to the chunk size whole; the smallest
 * keeps each call short, as every call to a platform has one deadline for the whole exchange.
 */
export const TIKTOK_CHUNK_BYTES = 5 * 1024 * 1024;

/** The chunks of a video, as the init announces them (`source_info`). */
export interface ChunkPlan {
  video_size: number;
  chunk_size: number;
  total_chunk_count: number;
}

/** A video up to `chunkBytes` goes whole; a larger one in chunks of `chunkBytes`, the last taking what is left (TikTok's count is the size divided by the chunk size, rounded down). */
export function chunkPlan(videoSize: number, chunkBytes: number): ChunkPlan {
  if (videoSize <= chunkBytes) return { video_size: videoSize, chunk_size: videoSize, total_chunk_count: 1 };
  return { video_size: videoSize, chunk_size: chunkBytes, total_chunk_count: Math.floor(videoSize / chunkBytes) };
}

/** The first and last byte of chunk `index`. */
function rangeOf(plan: ChunkPlan, index: number): { first: number; last: number } {
  const first = index * plan.chunk_size;
  return { first, last: index === plan.total_chunk_count - 1 ? plan.video_size - 1 : first + plan.chunk_size - 1 };
}

/** What a video publish journals: the init's answer and plan, the chunk being sent, when processing began. */
export interface VideoSteps extends ChunkPlan {
  publish_id: string;
  upload_url: string;
  /** The creator's handle at the init, for the post's address. */
  creator_username: string | null;
  /** The chunk being sent (recorded before its PUT): whether it arrived is asked of TikTok on a resume. */
  chunk?: number;
  processing_started_at?: number;
}

/** The journaled steps of a video publish, or null when the item journaled none (or another kind). */
export function videoStepsOf(steps: Readonly<Record<string, unknown>> | null): VideoSteps | null {
  if (!steps) return null;
  const { publish_id, upload_url, creator_username, video_size, chunk_size, total_chunk_count, chunk, processing_started_at } = steps;
  if (typeof publish_id !== 'string' || typeof upload_url !== 'string') return null;
  if (!isCount(video_size) || !isCount(chunk_size) || !isCount(total_chunk_count)) return null;
  return {
    publish_id,
    upload_url,
    creator_username: typeof creator_username === 'string' ? creator_username : null,
    video_size,
    chunk_size,
    total_chunk_count,
    ...(isCount(chunk) ? { chunk } : {}),
    ...(typeof processing_started_at === 'number' ? { processing_started_at } : {}),
  };
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Everything a video publish needs beside the creator's call. */
export interface VideoPublish {
  text: string;
  video: PublishMedia;
  progress: PublishProgress;
  processing: ProcessingSettings;
}

/**
 * A direct post of a video: `POST /v2/post/publish/video/init/` (FILE_UPLOAD) answers a publish
 * id and an upload URL, both journaled at once; the chunks are PUT there in order, each journaled
 * before it is sent; TikTok then processes and posts the video, polled until done. An init whose
 * answer was lost is made again: TikTok posts nothing of an init that never gets its bytes.
 */
export async function postVideo(call: TikTokCall, publish: VideoPublish, settings: TikTokPostSettings, username: string | null, chunkBytes: number): Promise<PublishOutcome> {
  const bytes = await publish.video.read();
  const plan = chunkPlan(bytes.length, chunkBytes);
  const answer = await call.http.send({
    method: 'POST',
    url: `${call.apiUrl}/v2/post/publish/video/init/`,
    headers: bearer(call),
    json: { post_info: { title: publish.text, ...settings }, source_info: { source: 'FILE_UPLOAD', ...plan } },
  });
  const data = tiktokData(answer);
  if (!data) return tiktokFailure(answer);
  if (typeof data.publish_id !== 'string' || typeof data.upload_url !== 'string') return { kind: 'rejected', message: TikTokMessages.incompleteAnswer('a publish_id and an upload_url') };
  const steps: VideoSteps = { ...plan, publish_id: data.publish_id, upload_url: data.upload_url, creator_username: username };
  await publish.progress.record({ ...steps });
  return sendAndAwait(call, publish, steps, bytes, 0);
}

/** A video publish made again after a crash or a wait: it goes on from the chunk TikTok has not got, or waits for the processing. */
export async function resumeVideo(call: TikTokCall, publish: VideoPublish, steps: VideoSteps): Promise<PublishOutcome> {
  let next = 0;
  if (steps.chunk !== undefined) {
    // A chunk was on its way when the try before stopped: TikTok tells how many bytes it holds.
    const status = await fetchStatus(call, steps.publish_id);
    if ('kind' in status) return status;
    if (status.status === 'FAILED') return { kind: 'rejected', message: TikTokMessages.failed(status.failReason ?? 'no reason given') };
    next = status.uploadedBytes === null ? steps.chunk : status.uploadedBytes >= steps.video_size ? steps.total_chunk_count : Math.floor(status.uploadedBytes / steps.chunk_size);
  }
  const bytes = next < steps.total_chunk_count ? await publish.video.read() : null;
  return sendAndAwait(call, publish, steps, bytes, next);
}

/** Sends the chunks from `from` on (none when `bytes` is null: all are there), then polls until TikTok has posted the video. */
async function sendAndAwait(call: TikTokCall, publish: VideoPublish, steps: VideoSteps, bytes: Buffer | null, from: number): Promise<PublishOutcome> {
  for (let index = from; bytes && index < steps.total_chunk_count; index++) {
    const sent = await sendChunk(call, publish, steps, bytes, index);
    if (sent) return sent;
  }
  const startedAt = steps.processing_started_at ?? Date.now();
  if (steps.processing_started_at === undefined) await publish.progress.record({ processing_started_at: startedAt });
  const postIds = await awaitPublished(call, steps.publish_id, startedAt, publish.processing);
  if (!Array.isArray(postIds)) return postIds;
  return publishedPost(steps.publish_id, postIds, steps.creator_username);
}

/** `PUT {upload_url}` of one chunk (`Content-Range: bytes first-last/total`): null once TikTok took it (206, or 201 for the last), else the failure. */
async function sendChunk(call: TikTokCall, publish: VideoPublish, steps: VideoSteps, bytes: Buffer, index: number): Promise<ProviderFailure | null> {
  const { first, last } = rangeOf(steps, index);
  await publish.progress.record({ chunk: index });
  const answer = await call.http.send({
    method: 'PUT',
    url: steps.upload_url,
    headers: { 'content-range': `bytes ${first}-${last}/${steps.video_size}` },
    bytes: { data: bytes.subarray(first, last + 1), contentType: publish.video.mimeType },
  });
  // A chunk whose answer was lost is not sent blindly again: the resume asks TikTok what it holds.
  return answer.kind === 'answer' && answer.status >= 200 && answer.status < 300 ? null : tiktokFailure(answer);
}
