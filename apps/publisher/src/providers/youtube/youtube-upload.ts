import { DEFAULT_RETRY_MS, HttpAnswer } from '../http/provider-http';
import { ProviderConnection, ProviderFailure, PublishMedia, PublishProgress } from '../publish-provider';
import { YouTubeCalls } from './youtube-calls';
import { youtubeFailure } from './youtube-errors';

/** Google's unit of a resumable upload: every chunk but the last is a multiple of it. */
export const UPLOAD_UNIT_BYTES = 256 * 1024;

/** What is sent in one PUT by default: 16 units (4 MiB), which a slow uplink still sends within a call's time. */
export const DEFAULT_CHUNK_BYTES = 16 * UPLOAD_UNIT_BYTES;

/** The journal of a video's publish (`request.progress`), each step recorded before it is taken. */
export interface VideoJournal {
  /** The resumable session's URI, recorded before the first byte is sent to it; null once it is gone. */
  upload_session?: string | null;
  /** The offset of the chunk sent last, recorded before it was sent. */
  chunk_offset?: number | null;
  /** Whether that chunk was the last one: the upload may then be complete. */
  chunk_is_last?: boolean;
  /** The video the completed upload created. */
  video_id?: string;
  /** When its processing began (epoch ms): the processing timeout counts from it. */
  processing_started_at?: number;
}

/** The video's snippet and status as `videos.insert` takes them. */
export interface VideoMetadata {
  snippet: { title: string; description: string; tags?: string[] };
  status: { privacyStatus: 'public' | 'unlisted' | 'private' };
}

/** Where an upload session stands: complete (the video's id), at an offset (the bytes it holds), or gone (expired). */
type Standing = { kind: 'complete'; videoId: string } | { kind: 'at'; offset: number } | { kind: 'gone' };

/** How often a chunk may be answered without the session holding more before the try is given up (for a later one). */
const MAX_STALLS = 3;

/**
 * A video sent through Google's resumable upload protocol: a session started with the video's
 * metadata (`POST /upload/youtube/v3/videos?uploadType=resumable`, the session URI in `Location`),
 * then the bytes PUT in chunks with `Content-Range`, each answered 308 with the `Range` the session
 * holds until the last, answered with the video. The session URI and each chunk's offset are
 * journaled before they are used; a try made again asks the session where it stands
 * (`Content-Range: bytes *\/<total>`) and goes on from there, never opening a second session while
 * one exists. A session that is gone (404, 410) is replaced only when the last chunk was never
 * sent: once it was, the video may exist, and the outcome is unknown.
 */
export class ResumableUpload {
  constructor(
    private readonly calls: YouTubeCalls,
    private readonly apiUrl: string,
    private readonly chunkBytes: number,
  ) {
    if (!Number.isSafeInteger(chunkBytes) || chunkBytes <= 0 || chunkBytes % UPLOAD_UNIT_BYTES !== 0) {
      throw new Error(`A YouTube upload's chunks are multiples of ${UPLOAD_UNIT_BYTES} bytes, not ${chunkBytes}.`);
    }
  }

  /** The id of the video the upload created, or why there is none (yet). */
  async upload(connection: ProviderConnection, progress: PublishProgress, journal: VideoJournal, file: PublishMedia, metadata: VideoMetadata): Promise<string | ProviderFailure> {
    const bytes = await file.read();
    let session = journal.upload_session ?? null;
    let offset = 0;
    if (session) {
      const standing = await this.send(connection, session, `bytes */${bytes.length}`, Buffer.alloc(0), file.mimeType);
      switch (standing.kind) {
        case 'complete':
          return standing.videoId;
        case 'at':
          offset = standing.offset;
          break;
        case 'gone':
          if (journal.chunk_is_last) return sentWhenGone;
          session = null;
          break;
        default:
          return standing;
      }
    }
    if (!session) {
      const started = await this.startSession(connection, bytes.length, file.mimeType, metadata);
      if (typeof started !== 'string') return started;
      session = started;
      await progress.record({ upload_session: session, chunk_offset: null, chunk_is_last: false });
    }
    return this.sendChunks(connection, progress, session, bytes, offset, file.mimeType);
  }

  private async sendChunks(connection: ProviderConnection, progress: PublishProgress, session: string, bytes: Buffer, from: number, type: string): Promise<string | ProviderFailure> {
    let offset = from;
    for (let stalls = 0; stalls < MAX_STALLS; ) {
      const end = Math.min(offset + this.chunkBytes, bytes.length);
      await progress.record({ chunk_offset: offset, chunk_is_last: end === bytes.length });
      const standing = await this.send(connection, session, `bytes ${offset}-${end - 1}/${bytes.length}`, bytes.subarray(offset, end), type);
      switch (standing.kind) {
        case 'complete':
          return standing.videoId;
        case 'at':
          stalls = standing.offset > offset ? 0 : stalls + 1;
          offset = standing.offset;
          break;
        case 'gone':
          if (end === bytes.length) return sentWhenGone;
          await progress.record({ upload_session: null, chunk_offset: null, chunk_is_last: false });
          return { kind: 'retry_later', message: 'The YouTube upload session expired; the upload starts again in a new one.', retryAfterMs: DEFAULT_RETRY_MS };
        default:
          return standing;
      }
    }
    return { kind: 'retry_later', message: `YouTube kept no more of the video after ${MAX_STALLS} chunks; the upload goes on later from where it stands.`, retryAfterMs: DEFAULT_RETRY_MS };
  }

  /** The session URI of a new resumable upload of `total` bytes of this type, with the video's metadata. */
  private async startSession(connection: ProviderConnection, total: number, type: string, metadata: VideoMetadata): Promise<string | ProviderFailure> {
    const sent = await this.calls.send(connection, (token) => ({
      method: 'POST',
      url: `${this.apiUrl}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      headers: { authorization: `Bearer ${token}`, 'x-upload-content-length': String(total), 'x-upload-content-type': type },
      json: metadata,
    }));
    if ('failure' in sent) return sent.failure;
    const location = sent.answer.kind === 'answer' && sent.answer.status === 200 ? sent.answer.headers.location : undefined;
    if (location) return location;
    if (sent.answer.kind === 'answer' && sent.answer.status === 200) return { kind: 'retry_later', message: 'YouTube started no upload session (no Location in its answer).', retryAfterMs: DEFAULT_RETRY_MS };
    return youtubeFailure(sent.answer);
  }

  /** A PUT to the session (a chunk, or no bytes with `bytes *\/total` to ask), and where the session stands after it. */
  private async send(connection: ProviderConnection, session: string, range: string, data: Buffer, type: string): Promise<Standing | ProviderFailure> {
    const sent = await this.calls.send(connection, (token) => ({ method: 'PUT', url: session, headers: { authorization: `Bearer ${token}`, 'content-range': range }, bytes: { data, contentType: type } }));
    return 'failure' in sent ? sent.failure : standingOf(sent.answer);
  }
}

/** 200 or 201 with the video: complete; 308: the bytes after the `Range` it holds (none without one) are still to come; 404 and 410: gone. */
function standingOf(answer: HttpAnswer): Standing | ProviderFailure {
  if (answer.kind !== 'answer') return youtubeFailure(answer);
  if (answer.status === 200 || answer.status === 201) {
    const id = (answer.body as { id?: unknown } | null)?.id;
    return typeof id === 'string' && id ? { kind: 'complete', videoId: id } : { kind: 'retry_later', message: 'YouTube completed the upload without naming the video.', retryAfterMs: DEFAULT_RETRY_MS };
  }
  if (answer.status === 308) {
    const last = /^bytes=0-(\d+)$/.exec(answer.headers.range ?? '')?.[1];
    return { kind: 'at', offset: last === undefined ? 0 : Number(last) + 1 };
  }
  if (answer.status === 404 || answer.status === 410) return { kind: 'gone' };
  return youtubeFailure(answer);
}

const sentWhenGone: ProviderFailure = {
  kind: 'unknown',
  message: 'The YouTube upload session is gone after the last part of the video was sent; the video may be on the channel, so it is not uploaded again.',
};
