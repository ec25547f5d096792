import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection, ProviderFailure, PublishMedia } from '../publish-provider';
import { BlueskySessions, failureOf, serviceOf } from './bluesky-session';

/** What `app.bsky.embed.images` takes: at most 4 images of at most 1,000,000 bytes each. */
export const BLUESKY_MAX_IMAGES = 4;
export const BLUESKY_MAX_IMAGE_BYTES = 1_000_000;

/** A blob reference as `uploadBlob` answers it. */
type BlobRef = Record<string, unknown>;

export interface ImagesEmbed {
  $type: 'app.bsky.embed.images';
  images: { alt: string; image: BlobRef; aspectRatio?: { width: number; height: number } }[];
}

/** Why these media cannot go on a Bluesky post, or null when they can. */
export function refusedMedia(media: readonly PublishMedia[]): ProviderFailure | null {
  if (media.some((file) => !file.mimeType.startsWith('image/'))) return { kind: 'rejected', message: 'Bluesky posts take images only here, not videos.' };
  if (media.length > BLUESKY_MAX_IMAGES) return { kind: 'rejected', message: `A Bluesky post takes at most ${BLUESKY_MAX_IMAGES} images.` };
  const large = media.find((file) => file.size > BLUESKY_MAX_IMAGE_BYTES);
  if (large) return { kind: 'rejected', message: `Bluesky takes images of at most ${BLUESKY_MAX_IMAGE_BYTES} bytes; media ${large.id} has ${large.size}.` };
  return null;
}

/**
 * Uploads each image as a blob of the account's repository (`com.atproto.repo.uploadBlob`; the
 * same bytes make the same blob, so a retry uploads nothing new) and answers the embed that shows
 * them, each with its aspect ratio.
 */
export async function uploadImages(http: ProviderHttp, sessions: BlueskySessions, connection: ProviderConnection, media: readonly PublishMedia[]): Promise<ImagesEmbed | ProviderFailure> {
  const service = serviceOf(connection.settings);
  const images: ImagesEmbed['images'] = [];
  for (const file of media) {
    const bytes = await file.read();
    const ran = await sessions.run(connection, (session) =>
      http.send({
        method: 'POST',
        url: `${service}/xrpc/com.atproto.repo.uploadBlob`,
        headers: { authorization: `Bearer ${session.accessJwt}` },
        bytes: { data: bytes, contentType: file.mimeType },
      }),
    );
    if ('kind' in ran) return ran;
    const blob = ran.answer.kind === 'answer' && ran.answer.status === 200 ? (ran.answer.body as { blob?: BlobRef }).blob : undefined;
    if (!blob) return failureOf(ran.answer, true);
    images.push({ alt: '', image: blob, ...(file.width && file.height ? { aspectRatio: { width: file.width, height: file.height } } : {}) });
  }
  return { $type: 'app.bsky.embed.images', images };
}
