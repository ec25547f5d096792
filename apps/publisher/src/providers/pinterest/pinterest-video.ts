import { mediaBlob, mediaFileName } from '../media-file-name';
import { awaitProcessing, ProcessingCheck, ProcessingSettings } from '../processing/await-processing';
import { ProviderFailure, PublishMedia, PublishProgress } from '../publish-provider';
import { PinterestApi } from './pinterest-api';
import { isFailure, pinterestFailure, uploadFailure } from './pinterest-errors';

/** What `POST /media` answers: the upload's id, and where and how to send the file (an S3 form POST). */
interface MediaRegistration {
  media_id: string;
  upload_url: string;
  upload_parameters: Record<string, string>;
}

/** The steps of a video pin's upload in the item's journal. */
export interface VideoSteps {
  /** The upload registered with Pinterest. */
  mediaId: string | null;
  /** When its file was sent and processing began (epoch ms); null until then. */
  processingStartedAt: number | null;
}

export const videoStepsOf = (journal: Readonly<Record<string, unknown>>): VideoSteps => ({
  mediaId: typeof journal.media_id === 'string' ? journal.media_id : null,
  processingStartedAt: typeof journal.processing_started_at === 'number' ? journal.processing_started_at : null,
});

export const VideoMessages = {
  failed: (mediaId: string) => `Pinterest could not process the video (media upload ${mediaId} failed).`,
} as const;

/**
 * The id of the video's upload once Pinterest has processed it: registered (`POST /media`,
 * journaled as `media_id`), its file sent to the upload URL with the upload parameters (journaled
 * as `media_uploaded` with `processing_started_at`), then its status polled (`GET /media/{id}`)
 * until `succeeded`. A try made again resumes from the journal: an upload whose file was sent is
 * not sent again, and one whose file Pinterest did not get (still `registered`: the answer was
 * lost before it was sent, or its upload parameters may have expired since) is registered anew.
 */
export async function processedVideo(api: PinterestApi, video: PublishMedia, steps: VideoSteps, progress: PublishProgress, processing: ProcessingSettings): Promise<string | ProviderFailure> {
  const uploaded = steps.mediaId !== null && steps.processingStartedAt !== null ? { mediaId: steps.mediaId, startedAt: steps.processingStartedAt } : await uploadedVideo(api, video, steps.mediaId, progress);
  if (isFailure(uploaded)) return uploaded;
  return awaitProcessing('Pinterest', () => check(api, uploaded.mediaId), uploaded.startedAt, processing);
}

/** The video's file on Pinterest: found sent by the try before, or sent now (registered first); journaled with the start of its processing. */
async function uploadedVideo(api: PinterestApi, video: PublishMedia, journaledId: string | null, progress: PublishProgress): Promise<{ mediaId: string; startedAt: number } | ProviderFailure> {
  const processingBegan = async (mediaId: string) => {
    const startedAt = Date.now();
    await progress.record({ media_uploaded: true, processing_started_at: startedAt });
    return { mediaId, startedAt };
  };
  if (journaledId !== null) {
    const status = await statusOf(api, journaledId);
    if (typeof status !== 'string') return status;
    if (status !== 'registered') return processingBegan(journaledId);
  }
  const registration = await register(api);
  if (isFailure(registration)) return registration;
  await progress.record({ media_id: registration.media_id });
  const refused = await upload(api, registration, video);
  return refused ?? processingBegan(registration.media_id);
}

async function register(api: PinterestApi): Promise<MediaRegistration | ProviderFailure> {
  const answer = await api.send({ method: 'POST', path: '/media', json: { media_type: 'video' } });
  if (isFailure(answer)) return answer;
  if (answer.kind === 'answer' && (answer.status === 201 || answer.status === 200)) return answer.body as MediaRegistration;
  return pinterestFailure(answer);
}

/** The file sent to the upload URL as a form: every upload parameter, then the file (S3 ignores fields after it). Null once sent. */
async function upload(api: PinterestApi, registration: MediaRegistration, video: PublishMedia): Promise<ProviderFailure | null> {
  const form = new FormData();
  for (const [name, value] of Object.entries(registration.upload_parameters ?? {})) form.append(name, value);
  form.append('file', await mediaBlob(video), mediaFileName(video));
  // The upload URL is storage's, signed by the parameters: the account's token is not sent there.
  const sent = await api.http.send({ method: 'POST', url: registration.upload_url, form });
  return sent.kind === 'answer' && sent.status >= 200 && sent.status < 300 ? null : uploadFailure(sent);
}

async function statusOf(api: PinterestApi, mediaId: string): Promise<string | ProviderFailure> {
  const answer = await api.send({ method: 'GET', path: `/media/${encodeURIComponent(mediaId)}` });
  if (isFailure(answer)) return answer;
  // An upload Pinterest no longer knows is registered anew.
  if (answer.kind === 'answer' && answer.status === 404) return 'registered';
  if (answer.kind === 'answer' && answer.status === 200) return String((answer.body as { status?: unknown }).status);
  return pinterestFailure(answer);
}

async function check(api: PinterestApi, mediaId: string): Promise<ProcessingCheck<string>> {
  const status = await statusOf(api, mediaId);
  if (typeof status !== 'string') return status;
  if (status === 'succeeded') return { kind: 'done', value: mediaId };
  if (status === 'failed') return { kind: 'rejected', message: VideoMessages.failed(mediaId) };
  return { kind: 'processing', status };
}
