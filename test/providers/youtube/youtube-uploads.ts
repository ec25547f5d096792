import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Answer, etag, googleError, listOf } from './google-answers';

/** How a video's processing ends: processed, or failed or rejected for a reason. */
export type ProcessingOutcome = { uploadStatus: 'processed' } | { uploadStatus: 'failed'; failureReason: string } | { uploadStatus: 'rejected'; rejectionReason: string };

/** A video as YouTube keeps it once its upload is complete. */
export interface StoredVideo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  tags: string[];
  privacyStatus: string;
  /** The bytes the upload session received. */
  bytes: Buffer;
  uploadStatus: 'uploaded' | 'processed' | 'failed' | 'rejected';
  failureReason: string | null;
  rejectionReason: string | null;
  /** How processing ends for this video. */
  outcome: ProcessingOutcome;
  /** Reads of its status so far (processing goes on for `processingReads` of them). */
  statusReads: number;
  publishedAt: string;
  /** What viewers did, as `part=statistics` counts it; a like count the owner hides is null (left out of the answer). */
  statistics: { viewCount: number; likeCount: number | null; commentCount: number };
}

interface UploadSession {
  id: string;
  channelId: string;
  metadata: Pick<StoredVideo, 'title' | 'description' | 'tags' | 'privacyStatus'>;
  total: number;
  /** The bytes persisted so far. */
  received: Buffer;
  videoId: string | null;
}

/** The unit of a resumable upload's chunks: every chunk but the last is persisted in multiples of it. */
export const UPLOAD_UNIT = 256 * 1024;

const PRIVACY = ['public', 'unlisted', 'private'];

/** YouTube's count of a video's tags: a comma between two, and quotes around one with a space. */
const tagsLength = (tags: string[]) => tags.reduce((sum, tag) => sum + [...tag].length + (tag.includes(' ') ? 2 : 0), 0) + Math.max(0, tags.length - 1);
const hasAngleBrackets = (text: string) => /[<>]/.test(text);

/**
 * `videos.insert` through the resumable upload protocol, `videos.list` and `videos.delete`, as the
 * Data API reference and its resumable upload guide document them: the session is started with the
 * video resource (`POST /upload/youtube/v3/videos?uploadType=resumable`, `X-Upload-Content-Length`
 * and `-Type`; 200 with the session URI in `Location`), the bytes are PUT to it with
 * `Content-Range: bytes first-last/total` (308 Resume Incomplete with `Range: bytes=0-<last
 * persisted>` until the last, which answers 201 with the video; a chunk that is not the last is
 * persisted in multiples of 256 KiB), and `Content-Range: bytes *\/total` asks where it stands.
 * An upload completes as `uploaded`; its processing ends after `processingReads` reads of its status.
 * `videos.list` answers the parts asked for: `snippet`, `status`, `processingDetails` and `statistics`
 * (counts as strings, as the API gives its 64-bit numbers; `favoriteCount` is always 0).
 */
export class YouTubeUploads {
  readonly videos: StoredVideo[] = [];
  /** Reads of a video's status during which it is still processing. */
  processingReads = 1;
  private readonly sessions = new Map<string, UploadSession>();
  private readonly uploadLimits = new Map<string, number>();
  private nextOutcome: ProcessingOutcome | null = null;

  /** The channel may upload `count` more videos today (YouTube's daily upload limit). */
  limitUploads(channelId: string, count: number): void {
    this.uploadLimits.set(channelId, count);
  }

  /** The next upload that completes is processed to this end. */
  processNextAs(outcome: ProcessingOutcome): void {
    this.nextOutcome = outcome;
  }

  /** The upload session is gone (it expired: a week without bytes). */
  expireSessions(): void {
    this.sessions.clear();
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  start(channelId: string, url: URL, headers: IncomingHttpHeaders, body: Buffer, publicUrl: string): Answer {
    if (url.searchParams.get('uploadType') !== 'resumable') return googleError(400, 'badRequest', 'Only resumable uploads are offered here.', 'global');
    const total = Number(headers['x-upload-content-length']);
    const type = String(headers['x-upload-content-type'] ?? 'application/octet-stream');
    if (!Number.isSafeInteger(total) || total <= 0) return googleError(400, 'mediaBodyRequired', 'The request does not include the video content.');
    if (!type.startsWith('video/') && type !== 'application/octet-stream') {
      return googleError(400, 'badContent', `Media type '${type}' is not supported. Valid media types: [video/*, application/octet-stream]`, 'global');
    }
    const resource = JSON.parse(body.toString() || '{}') as { snippet?: { title?: unknown; description?: unknown; tags?: unknown }; status?: { privacyStatus?: unknown } };
    const metadata = metadataOf(resource);
    if ('status' in metadata) return metadata;
    const left = this.uploadLimits.get(channelId);
    if (left !== undefined && left <= 0) return googleError(400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.');
    const id = randomBytes(18).toString('base64url');
    this.sessions.set(id, { id, channelId, metadata, total, received: Buffer.alloc(0), videoId: null });
    const location = `${publicUrl}/upload/youtube/v3/videos?uploadType=resumable&part=${encodeURIComponent(url.searchParams.get('part') ?? '')}&upload_id=${id}`;
    return { status: 200, headers: { location, 'x-guploader-uploadid': id } };
  }

  /** A PUT to a session URI: a chunk of the bytes, or (`bytes *\/total`, no body) the question where the upload stands. */
  put(url: URL, headers: IncomingHttpHeaders, body: Buffer): Answer {
    const session = this.sessions.get(url.searchParams.get('upload_id') ?? '');
    if (!session) return googleError(404, 'notFound', 'Not Found', 'global');
    const range = String(headers['content-range'] ?? `bytes 0-${body.length - 1}/${session.total}`);
    const asked = /^bytes \*\/(\d+)$/.exec(range);
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!asked && !chunk) return googleError(400, 'badRequest', 'Failed to parse Content-Range header.', 'global');
    if (Number(asked ? asked[1] : chunk![3]) !== session.total) return googleError(400, 'badRequest', 'The Content-Range total does not match X-Upload-Content-Length.', 'global');
    if (session.videoId) return { status: 200, body: this.resourceOf(this.video(session.videoId)!, ['snippet', 'status']) };
    if (chunk) {
      const [first, last] = [Number(chunk[1]), Number(chunk[2])];
      if (last < first || body.length !== last - first + 1 || last >= session.total) return googleError(400, 'badRequest', 'The chunk does not match its Content-Range.', 'global');
      if (first <= session.received.length) this.persist(session, body.subarray(session.received.length - first), last + 1 === session.total);
      if (session.videoId) return { status: 201, body: this.resourceOf(this.video(session.videoId)!, ['snippet', 'status']) };
    }
    return { status: 308, headers: session.received.length > 0 ? { range: `bytes=0-${session.received.length - 1}` } : {} };
  }

  /** `videos.list` by id: the parts asked for; processing details only to the video's owner. */
  list(channelId: string, url: URL): Answer {
    const parts = (url.searchParams.get('part') ?? '').split(',');
    const ids = (url.searchParams.get('id') ?? '').split(',');
    const videos = ids.map((id) => this.video(id)).filter((video): video is StoredVideo => video !== undefined);
    for (const video of videos) if (parts.includes('status') || parts.includes('processingDetails')) this.readStatus(video);
    return listOf('video', videos.map((video) => this.resourceOf(video, video.channelId === channelId ? parts : parts.filter((part) => part !== 'processingDetails'))));
  }

  remove(channelId: string, url: URL): Answer {
    const video = this.video(url.searchParams.get('id') ?? '');
    if (!video) return googleError(404, 'videoNotFound', 'The video that you are trying to delete cannot be found.');
    if (video.channelId !== channelId) return googleError(403, 'forbidden', 'The video that you are trying to delete cannot be deleted. The request might not be properly authorized.');
    this.videos.splice(this.videos.indexOf(video), 1);
    return { status: 204 };
  }

  video(id: string): StoredVideo | undefined {
    return this.videos.find((video) => video.id === id);
  }

  private persist(session: UploadSession, fresh: Buffer, reachesTheEnd: boolean): void {
    const received = Buffer.concat([session.received, fresh]);
    if (reachesTheEnd && received.length === session.total) {
      session.received = received;
      session.videoId = this.complete(session);
      return;
    }
    // A chunk that is not the last is kept in whole units only.
    session.received = received.subarray(0, Math.max(session.received.length, Math.floor(received.length / UPLOAD_UNIT) * UPLOAD_UNIT));
  }

  private complete(session: UploadSession): string {
    const left = this.uploadLimits.get(session.channelId);
    if (left !== undefined) this.uploadLimits.set(session.channelId, left - 1);
    const video: StoredVideo = {
      id: randomBytes(8).toString('base64url'),
      channelId: session.channelId,
      ...session.metadata,
      bytes: session.received,
      statistics: { viewCount: 0, likeCount: 0, commentCount: 0 },
      uploadStatus: 'uploaded',
      failureReason: null,
      rejectionReason: null,
      outcome: this.nextOutcome ?? { uploadStatus: 'processed' },
      statusReads: 0,
      publishedAt: new Date().toISOString(),
    };
    this.nextOutcome = null;
    this.videos.push(video);
    return video.id;
  }

  private readStatus(video: StoredVideo): void {
    if (video.uploadStatus !== 'uploaded' || ++video.statusReads <= this.processingReads) return;
    video.uploadStatus = video.outcome.uploadStatus;
    if (video.outcome.uploadStatus === 'failed') video.failureReason = video.outcome.failureReason;
    if (video.outcome.uploadStatus === 'rejected') video.rejectionReason = video.outcome.rejectionReason;
  }

  private resourceOf(video: StoredVideo, parts: readonly string[]): Record<string, unknown> {
    const processing = { uploaded: 'processing', processed: 'succeeded', failed: 'failed', rejected: 'terminated' }[video.uploadStatus];
    return {
      kind: 'youtube#video',
      etag: etag(),
      id: video.id,
      ...(parts.includes('snippet') && {
        snippet: { publishedAt: video.publishedAt, channelId: video.channelId, title: video.title, description: video.description, tags: video.tags, categoryId: '22', liveBroadcastContent: 'none' },
      }),
      ...(parts.includes('status') && {
        status: {
          uploadStatus: video.uploadStatus,
          ...(video.failureReason && { failureReason: video.failureReason }),
          ...(video.rejectionReason && { rejectionReason: video.rejectionReason }),
          privacyStatus: video.privacyStatus,
          license: 'youtube',
          embeddable: true,
          publicStatsViewable: true,
        },
      }),
      ...(parts.includes('statistics') && {
        statistics: {
          viewCount: String(video.statistics.viewCount),
          ...(video.statistics.likeCount !== null && { likeCount: String(video.statistics.likeCount) }),
          favoriteCount: '0',
          commentCount: String(video.statistics.commentCount),
        },
      }),
      ...(parts.includes('processingDetails') && {
        processingDetails: {
          processingStatus: processing,
          ...(processing === 'processing' && { processingProgress: { partsTotal: '1000', partsProcessed: String(Math.min(999, video.statusReads * 100)), timeLeftMs: '60000' } }),
          ...(processing === 'failed' && { processingFailureReason: 'transcodeFailed' }),
        },
      }),
    };
  }
}

/** The metadata of a video resource as `videos.insert` takes it, or the error it answers. */
function metadataOf(resource: { snippet?: { title?: unknown; description?: unknown; tags?: unknown }; status?: { privacyStatus?: unknown } }): UploadSession['metadata'] | Answer {
  const { title, description = '', tags = [] } = resource.snippet ?? {};
  if (typeof title !== 'string' || title.trim() === '' || [...title].length > 100 || hasAngleBrackets(title)) {
    return googleError(400, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  }
  if (typeof description !== 'string' || Buffer.byteLength(description) > 5000 || hasAngleBrackets(description)) {
    return googleError(400, 'invalidDescription', 'The request metadata specifies an invalid video description.');
  }
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || hasAngleBrackets(tag)) || tagsLength(tags as string[]) > 500) {
    return googleError(400, 'invalidTags', 'The request metadata specifies invalid video keywords.');
  }
  const privacyStatus = resource.status?.privacyStatus ?? 'public';
  if (typeof privacyStatus !== 'string' || !PRIVACY.includes(privacyStatus)) return googleError(400, 'invalidVideoMetadata', 'The request metadata is invalid.');
  return { title, description, tags: tags as string[], privacyStatus };
}
