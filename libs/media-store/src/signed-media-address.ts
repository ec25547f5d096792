import { isMediaId } from './media-store.port';

/** The file extension of each media type a platform fetches, so that the address names the kind of file it serves. */
const EXTENSIONS: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'video/mp4': 'mp4' };

/** Where the gateway serves media by signed address, under the API's prefix: `/api/media-files/<id>.<ext>?expires=&signature=`. */
export const SIGNED_MEDIA_ROUTE = 'media-files';

/** A media file's signed address, under `publicUrl` (the service's public origin). */
export function signedMediaAddress(publicUrl: string, media: { id: string; mimeType: string }, signed: { expires: number; signature: string }): string {
  const extension = EXTENSIONS[media.mimeType] ?? 'bin';
  return `${publicUrl}/api/${SIGNED_MEDIA_ROUTE}/${media.id}.${extension}?expires=${signed.expires}&signature=${signed.signature}`;
}

/** The media id of the address's last segment (`<id>.<ext>`), or null when it names none. */
export function mediaIdOfSignedFile(file: string): string | null {
  const match = /^([0-9a-f-]{36})\.[a-z0-9]{1,5}$/.exec(file);
  return match && isMediaId(match[1]) ? match[1] : null;
}
