import { pinterest } from '@app/platforms';
import { ProviderFailure, PublishMedia, PublishOutcome } from '../publish-provider';

/** Where a pin goes and what it says beside its description: the board, and the version's title and link. */
export interface PinPlacement {
  boardId: string;
  title: string | null;
  link: string | null;
}

/** A pin's media: one image, a carousel of images, or a video with, where the item has one, an image as its cover. */
export type PinMedia = { kind: 'images'; images: readonly PublishMedia[] } | { kind: 'video'; video: PublishMedia; cover: PublishMedia | null };

/** The most images a carousel pin (`multiple_image_urls`) takes. */
export const CAROUSEL_MAX_IMAGES = 5;

export const PinMessages = {
  noBoard: 'No Pinterest board to pin to: set options.pinterest.board_id on the post, or settings.board_id on the account.',
  noMedia: 'A Pinterest pin needs an image or a video.',
  tooManyImages: `A Pinterest pin takes at most ${CAROUSEL_MAX_IMAGES} images.`,
  videoMix: 'A Pinterest video pin takes one video, and at most one image as its cover.',
  unsupported: (mimeType: string) => `Pinterest does not take media of type ${mimeType}.`,
} as const;

/** The board, title and link of the version's options (`options.pinterest`), the board the account's own where the options name none. */
export function pinPlacementOf(settings: Record<string, unknown>, versionOptions: Readonly<Record<string, unknown>>): PinPlacement | ProviderFailure {
  const options = pinterest.readOptions(versionOptions);
  const boardId = options.board_id ?? (typeof settings.board_id === 'string' && settings.board_id ? settings.board_id : null);
  if (!boardId) return { kind: 'rejected', message: PinMessages.noBoard };
  return { boardId, title: options.title, link: options.link };
}

/** How the item's media make a pin, or why they cannot. */
export function pinMediaOf(media: readonly PublishMedia[]): PinMedia | ProviderFailure {
  const unsupported = media.find((file) => !file.mimeType.startsWith('image/') && !file.mimeType.startsWith('video/'));
  if (unsupported) return { kind: 'rejected', message: PinMessages.unsupported(unsupported.mimeType) };
  const videos = media.filter((file) => file.mimeType.startsWith('video/'));
  const images = media.filter((file) => file.mimeType.startsWith('image/'));
  if (videos.length === 0) {
    if (images.length === 0) return { kind: 'rejected', message: PinMessages.noMedia };
    return images.length > CAROUSEL_MAX_IMAGES ? { kind: 'rejected', message: PinMessages.tooManyImages } : { kind: 'images', images };
  }
  if (videos.length > 1 || images.length > 1) return { kind: 'rejected', message: PinMessages.videoMix };
  return { kind: 'video', video: videos[0], cover: images[0] ?? null };
}

/** The `media_source` of images: fetched by Pinterest from their signed addresses. */
export function imagesSource(images: readonly PublishMedia[]): Record<string, unknown> {
  if (images.length === 1) return { source_type: 'image_url', url: images[0].url() };
  return { source_type: 'multiple_image_urls', items: images.map((image) => ({ url: image.url() })) };
}

/** The `media_source` of an uploaded video: its cover the image given, else the first frame. */
export function videoSource(mediaId: string, cover: PublishMedia | null): Record<string, unknown> {
  return { source_type: 'video_id', media_id: mediaId, ...(cover ? { cover_image_url: cover.url() } : { cover_image_key_frame_time: 0 }) };
}

/** The body of `POST /pins`: the item's text is the pin's description. */
export function pinBody(placement: PinPlacement, description: string, mediaSource: Record<string, unknown>): Record<string, unknown> {
  return {
    board_id: placement.boardId,
    description,
    ...(placement.title ? { title: placement.title } : {}),
    ...(placement.link ? { link: placement.link } : {}),
    media_source: mediaSource,
  };
}

/** A pin as the API lists it (`GET /boards/{id}/pins`), in what the lookup reads. */
export interface ListedPin {
  id: string;
  title?: string | null;
  description?: string | null;
  created_at?: string;
}

/**
 * How long before the first attempt a pin found by the lookup may have been created (the clocks of
 * Pinterest and of this service differ a little, and `created_at` counts whole seconds). Kept
 * short: an earlier pin of the same text must not be taken for this one.
 */
const LOOKUP_MARGIN_MS = 5_000;

/** The pin among the board's that a try whose answer was lost created: the same description and title, created since the first attempt. */
export function earlierPin(pins: readonly ListedPin[], placement: PinPlacement, description: string, since: Date): ListedPin | null {
  const from = since.getTime() - LOOKUP_MARGIN_MS;
  return pins.find((pin) => (pin.description ?? '') === description && (pin.title ?? '') === (placement.title ?? '') && createdAtOf(pin) >= from) ?? null;
}

/** `created_at` in epoch ms; Pinterest writes it in UTC without a zone (`2022-10-13T01:40:29`). */
function createdAtOf(pin: ListedPin): number {
  const written = pin.created_at ?? '';
  const parsed = Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(written) ? written : `${written}Z`);
  return Number.isNaN(parsed) ? -Infinity : parsed;
}

export const publishedPin = (id: string): PublishOutcome => ({ kind: 'published', externalId: id, externalUrl: `https://www.pinterest.com/pin/${id}/` });
