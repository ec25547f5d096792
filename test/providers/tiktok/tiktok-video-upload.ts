import { randomBytes } from 'node:crypto';
import { apiError, TikTokAnswer } from './tiktok-oauth';

/** TikTok's rules for the chunks of a FILE_UPLOAD (Media Transfer Guide). */
export interface ChunkRules {
  /** 5 MB: the smallest chunk; a smaller video is sent whole, as one chunk of its own size. */
  minChunkBytes: number;
  /** 64 MB: the largest chunk but the last. */
  maxChunkBytes: number;
  /** 128 MB: the last chunk takes the bytes left over, up to this. */
  maxLastChunkBytes: number;
}

export const TIKTOK_CHUNK_RULES: ChunkRules = { minChunkBytes: 5 * 1024 * 1024, maxChunkBytes: 64 * 1024 * 1024, maxLastChunkBytes: 128 * 1024 * 1024 };
const MAX_CHUNKS = 1000;
/** An upload URL is valid for an hour after it is issued. */
const UPLOAD_URL_LIFETIME_MS = 3_600_000;
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/** The `source_info` of a FILE_UPLOAD, as the init announced it. */
export interface FileUploadSource {
  video_size: number;
  chunk_size: number;
  total_chunk_count: number;
}

/** An upload session: what was announced, and the chunks received so far, in order. */
export interface VideoUpload extends FileUploadSource {
  uploadId: string;
  uploadToken: string;
  expiresAt: number;
  chunks: Buffer[];
  receivedBytes: number;
}

/** Why this `source_info` breaks TikTok's chunk rules, or null when it keeps them. */
export function chunkRuleFault(source: Partial<FileUploadSource>, rules: ChunkRules): string | null {
  const { video_size: size, chunk_size: chunk, total_chunk_count: count } = source;
  if (![size, chunk, count].every((value) => Number.isInteger(value) && (value as number) > 0)) return 'video_size, chunk_size and total_chunk_count must be positive integers.';
  const [videoSize, chunkSize, chunkCount] = [size!, chunk!, count!];
  if (videoSize < rules.minChunkBytes) {
    return chunkSize === videoSize && chunkCount === 1 ? null : 'A video smaller than 5 MB must be uploaded as a whole: chunk_size must equal video_size and total_chunk_count be 1.';
  }
  if (chunkSize < rules.minChunkBytes || chunkSize > rules.maxChunkBytes) return 'chunk_size must be between 5 MB and 64 MB.';
  if (chunkCount !== Math.floor(videoSize / chunkSize)) return 'total_chunk_count must be video_size divided by chunk_size, rounded down.';
  if (chunkCount > MAX_CHUNKS) return `A video is uploaded in at most ${MAX_CHUNKS} chunks.`;
  if (videoSize - (chunkCount - 1) * chunkSize > rules.maxLastChunkBytes) return 'The last chunk must not be greater than 128 MB.';
  return null;
}

export function openUpload(source: FileUploadSource): VideoUpload {
  return { ...source, uploadId: String(Date.now()) + randomBytes(4).readUInt32BE(0), uploadToken: randomBytes(12).toString('base64url'), expiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS, chunks: [], receivedBytes: 0 };
}

export const uploadComplete = (upload: VideoUpload): boolean => upload.receivedBytes === upload.video_size;

/** The first and last byte of chunk `index`: every chunk is `chunk_size` long, the last takes what is left. */
function rangeOf(upload: VideoUpload, index: number): { first: number; last: number } {
  const first = index * upload.chunk_size;
  const last = index === upload.total_chunk_count - 1 ? upload.video_size - 1 : first + upload.chunk_size - 1;
  return { first, last };
}

/**
 * One `PUT {upload_url}` of a chunk: `Content-Type` a video type, `Content-Range: bytes
 * {first}-{last}/{total}` naming the next chunk (chunks are sent in order), the body its bytes.
 * 206 Partial Content while chunks are missing, 201 Created for the last; 404 once the URL
 * expired, 416 for a range that is not the next chunk.
 */
export function receiveChunk(upload: VideoUpload, contentType: string | undefined, contentRange: string | undefined, bytes: Buffer): TikTokAnswer {
  if (upload.expiresAt <= Date.now()) return apiError(404, 'invalid_param', 'The upload_url has expired.');
  if (!VIDEO_TYPES.includes((contentType ?? '').split(';')[0].trim())) return apiError(400, 'invalid_param', `Content-Type must be one of ${VIDEO_TYPES.join(', ')}.`);
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? '');
  const index = upload.chunks.length;
  if (!range || index >= upload.total_chunk_count) return apiError(416, 'invalid_param', 'The Content-Range is not satisfiable.');
  const expected = rangeOf(upload, index);
  const [first, last, total] = range.slice(1).map(Number);
  if (first !== expected.first || last !== expected.last || total !== upload.video_size || bytes.length !== last - first + 1) {
    return apiError(416, 'invalid_param', `The Content-Range is not satisfiable: the next chunk is bytes ${expected.first}-${expected.last}/${upload.video_size}.`);
  }
  upload.chunks.push(bytes);
  upload.receivedBytes += bytes.length;
  return { status: uploadComplete(upload) ? 201 : 206 };
}

/** The duration in seconds an MP4's movie header (`mvhd`, version 0) gives, or null. */
export function mp4Seconds(video: Buffer): number | null {
  const box = video.indexOf('mvhd', 0, 'latin1');
  if (box < 0 || box + 24 > video.length) return null;
  const timescale = video.readUInt32BE(box + 16);
  return timescale > 0 ? video.readUInt32BE(box + 20) / timescale : null;
}
