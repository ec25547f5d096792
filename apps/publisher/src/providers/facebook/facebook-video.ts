import { HttpAnswer } from '../http/provider-http';
import { awaitProcessing, ProcessingCheck } from '../processing/await-processing';
import { ProviderFailure, PublishMedia, PublishOutcome } from '../publish-provider';
import { facebookFailure } from './facebook-errors';
import { LOOKUP_MARGIN_MS, sameText } from './facebook-feed';
import { graphTime, GraphQuery, okBody } from './facebook-graph';
import { createdId, PageContext, publishedItem, stepsOf } from './facebook-steps';

/** How long to wait before looking again at an upload Facebook is still fetching. */
const UPLOAD_CHECK_MS = 5_000;

/** The Page's edges that take a video in an upload session: reels and video stories. */
export type UploadEdge = 'video_reels' | 'video_stories';

interface Phase {
  status?: string;
  errors?: { code?: number; message?: string }[];
}

/** A video's `status` field: its state, and the state of each phase (upload, processing, publishing). */
interface VideoStatus {
  video_status?: string;
  uploading_phase?: Phase;
  processing_phase?: Phase;
  publishing_phase?: Phase & { publish_status?: string };
}

/** Facebook took the request to publish the video: its answer (a video story's names its `post_id`). */
export interface FinishAnswer {
  kind: 'finished';
  body: Record<string, unknown>;
}

export const idOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null);

/**
 * The video in an upload session of the Page (`POST /{page}/{edge}?upload_phase=start`, its
 * `video_id` and `upload_url` journaled), fetched by Facebook's upload host from the media's
 * signed address (`file_url`). A try made again reuses the session; when the upload's answer was
 * lost it asks the video's status first: a complete upload is kept, one still under way waited
 * for, and only one that never began is asked for again.
 */
export async function uploadedVideo(context: PageContext, edge: UploadEdge, video: PublishMedia): Promise<string | ProviderFailure> {
  const steps = await stepsOf(context.progress);
  let { video_id: videoId, upload_url: uploadUrl } = steps;
  if (!videoId || !uploadUrl) {
    const started = await context.graph.post(`${context.pageId}/${edge}`, {}, { upload_phase: 'start' });
    const session = okBody<{ video_id?: unknown; upload_url?: unknown }>(started);
    videoId = idOf(session?.video_id) ?? undefined;
    uploadUrl = typeof session?.upload_url === 'string' ? session.upload_url : undefined;
    if (!videoId || !uploadUrl) return facebookFailure(started);
    await context.progress.record({ video_id: videoId, upload_url: uploadUrl });
  }
  if (steps.uploaded) return videoId;
  if (steps.upload_requested) {
    const status = await videoStatus(context, videoId);
    if ('kind' in status) return status;
    if (status.uploading_phase?.status === 'complete') {
      await context.progress.record({ uploaded: true });
      return videoId;
    }
    // Still fetching the file the first request named (a large one outlasts the call): wait for it rather than ask again.
    if (status.uploading_phase?.status === 'in_progress') return { kind: 'retry_later', message: 'Facebook is still fetching the video.', retryAfterMs: UPLOAD_CHECK_MS };
  }
  await context.progress.record({ upload_requested: true });
  const answer = await context.graph.uploadHostedFile(uploadUrl, video.url());
  if (okBody<{ success?: unknown }>(answer)?.success !== true) return facebookFailure(answer);
  await context.progress.record({ uploaded: true });
  return videoId;
}

/**
 * Asks Facebook to publish the uploaded video (`upload_phase=finish`), journaled first with the
 * moment processing is counted from. The video is the post, so asking again cannot make a second
 * one; when Facebook refuses a repeated request, the video's status tells whether the first one
 * took effect (publishing under way or done), and then it is the answer.
 */
export async function requestFinish(context: PageContext, edge: UploadEdge, videoId: string, query: GraphQuery, body: Record<string, unknown>): Promise<FinishAnswer | ProviderFailure> {
  const steps = await stepsOf(context.progress);
  if (!steps.finish_requested) await context.progress.record({ finish_requested: true, processing_started_at: steps.processing_started_at ?? Date.now() });
  const answer = await context.graph.post(`${context.pageId}/${edge}`, body, { upload_phase: 'finish', video_id: videoId, ...query });
  const finished = okBody<Record<string, unknown>>(answer);
  if (finished?.success === true) return { kind: 'finished', body: finished };
  const failure = facebookFailure(answer);
  if (!steps.finish_requested || failure.kind !== 'rejected') return failure;
  const status = await videoStatus(context, videoId);
  const publishing = !('kind' in status) && ['in_progress', 'complete'].includes(status.publishing_phase?.status ?? '');
  return publishing ? { kind: 'finished', body: {} } : failure;
}

/** Waits for Facebook to process (and publish) the video, within the processing timeout counted from the journaled start. */
export async function processedVideo(context: PageContext, videoId: string): Promise<true | ProviderFailure> {
  const startedAt = (await stepsOf(context.progress)).processing_started_at ?? Date.now();
  return awaitProcessing('Facebook', () => processingCheck(context, videoId), startedAt, context.processing);
}

/**
 * A reel (`POST /{page}/video_reels`): an upload session, the video fetched by Facebook, then
 * `upload_phase=finish` with `video_state=PUBLISHED` and the text as its `description`; done once
 * the video's status says it is ready and published. The reel is its video: its id is the post's.
 */
export async function publishReel(context: PageContext, text: string, video: PublishMedia): Promise<PublishOutcome> {
  const { post_id: published } = await stepsOf(context.progress);
  if (published) return publishedItem(context, published, 'reel');
  const videoId = await uploadedVideo(context, 'video_reels', video);
  if (typeof videoId !== 'string') return videoId;
  const finished = await requestFinish(context, 'video_reels', videoId, { video_state: 'PUBLISHED' }, { description: text });
  if (finished.kind !== 'finished') return finished;
  const processed = await processedVideo(context, videoId);
  return processed === true ? publishedItem(context, videoId, 'reel') : processed;
}

/**
 * A video post (`POST /{page}/videos`, `file_url` and `description`: Facebook fetches the video),
 * done once its status says it is ready. Its id is journaled; the request's time before it is
 * sent, and a try made again after a lost answer first looks for a video of the same description
 * created since the first attempt among the Page's videos.
 */
export async function publishVideoPost(context: PageContext, text: string, video: PublishMedia): Promise<PublishOutcome> {
  const steps = await stepsOf(context.progress);
  if (steps.post_id) return publishedItem(context, steps.post_id, 'video');
  let videoId = steps.video_id ?? null;
  if (!videoId && steps.publish_requested_at !== undefined) {
    const found = await findVideo(context, text);
    if (typeof found === 'object' && found !== null) return found;
    videoId = found;
  }
  if (!videoId) {
    const now = Date.now();
    await context.progress.record({ publish_requested_at: now, processing_started_at: now });
    const created = createdId(await context.graph.post(`${context.pageId}/videos`, { file_url: video.url(), description: text }));
    if (typeof created !== 'string') return created;
    videoId = created;
  }
  if (steps.video_id !== videoId) await context.progress.record({ video_id: videoId });
  const processed = await processedVideo(context, videoId);
  return processed === true ? publishedItem(context, videoId, 'video') : processed;
}

/** The Page's video of this description created since the first attempt: its id, null when there is none, or the lookup's failure. */
async function findVideo(context: PageContext, text: string): Promise<string | null | ProviderFailure> {
  const since = context.firstAttemptAt.getTime() - LOOKUP_MARGIN_MS;
  const answer = await context.graph.get(`${context.pageId}/videos`, { fields: 'id,description,created_time', since: Math.floor(since / 1000), limit: 100 });
  const videos = okBody<{ data?: { id: string; description?: string; created_time?: string }[] }>(answer)?.data;
  if (!Array.isArray(videos)) return facebookFailure(answer);
  return videos.find((video) => sameText(video.description, text) && !(graphTime(video.created_time) < since))?.id ?? null;
}

async function videoStatus(context: PageContext, videoId: string): Promise<VideoStatus | ProviderFailure> {
  const answer: HttpAnswer = await context.graph.get(videoId, { fields: 'status' });
  const status = okBody<{ status?: VideoStatus }>(answer)?.status;
  return status && typeof status === 'object' ? status : facebookFailure(answer);
}

/** One look at the video's status: done once it is ready and (where it is published) published; an error in any phase is Facebook's refusal. */
async function processingCheck(context: PageContext, videoId: string): Promise<ProcessingCheck<true>> {
  const status = await videoStatus(context, videoId);
  if ('kind' in status) return status;
  const phases = [status.uploading_phase, status.processing_phase, status.publishing_phase];
  const failed = phases.find((phase) => phase?.status === 'error');
  if (status.video_status === 'error' || failed) {
    const message = failed?.errors?.find((error) => typeof error.message === 'string')?.message;
    return { kind: 'rejected', message: message ?? `Facebook could not process the video (status: ${status.video_status ?? 'error'}).` };
  }
  const publishing = status.publishing_phase?.status ?? 'complete';
  if (status.video_status === 'ready' && publishing === 'complete') return { kind: 'done', value: true };
  return { kind: 'processing', status: `${status.video_status ?? 'unknown'}, processing ${status.processing_phase?.status ?? 'unknown'}, publishing ${publishing}` };
}
