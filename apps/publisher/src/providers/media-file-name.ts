import { PublishMedia } from './publish-provider';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'video/mp4': 'mp4' };

/** A file name for a media file in a multipart upload: its id and the extension of its type. */
export const mediaFileName = (file: PublishMedia): string => `${file.id}.${EXTENSIONS[file.mimeType] ?? 'bin'}`;

/** The media file as a form part, read from the media store now. */
export const mediaBlob = async (file: PublishMedia): Promise<Blob> => new Blob([(await file.read()) as Uint8Array<ArrayBuffer>], { type: file.mimeType });
