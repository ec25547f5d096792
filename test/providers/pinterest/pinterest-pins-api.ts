import { Answer, PinterestMediaApi, pinterestError } from './pinterest-media-api';

/** A board of a user. */
export interface Board {
  id: string;
  ownerId: string;
  name: string;
}

/** A pin as Pinterest keeps it, with the bytes of the media it fetched or received. */
export interface Pin {
  id: string;
  boardId: string;
  ownerId: string;
  title: string | null;
  description: string | null;
  link: string | null;
  mediaType: 'image' | 'multiple_images' | 'video';
  /** The images fetched from their URLs, or the uploaded video. */
  files: Buffer[];
  /** A video pin's cover image, fetched from `cover_image_url`; null for a key frame. */
  cover: Buffer | null;
  createdAt: Date;
}

interface MediaSource {
  source_type?: unknown;
  url?: unknown;
  items?: unknown;
  media_id?: unknown;
  cover_image_url?: unknown;
  cover_image_key_frame_time?: unknown;
}

interface PinCreate {
  board_id?: unknown;
  title?: unknown;
  description?: unknown;
  link?: unknown;
  media_source?: MediaSource;
}

/** The reference's limits of a pin's fields, in characters, and of a carousel. */
const LIMITS = { title: 100, description: 800, link: 2048 } as const;
const CAROUSEL = { min: 2, max: 5 } as const;

const invalid = (field: string, problem: string): Answer => pinterestError(400, 1, `Invalid request: {'${field}': ['${problem}']}`);

/** Pinterest writes `created_at` in UTC without a zone: `2022-10-13T01:40:29`. */
const createdAtOf = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, '');

/**
 * Pinterest's pins as the API reference documents them, for what the provider uses: `POST
 * /v5/pins` (201 with the pin) on a board of the user, its media from `media_source`: `image_url`
 * (fetched over HTTP), `multiple_image_urls` (2 to 5 items, each fetched), or `video_id` (an
 * uploaded video that processing has `succeeded`, with `cover_image_url` or
 * `cover_image_key_frame_time`); `GET /v5/boards/{board_id}/pins` (newest first, `page_size` at
 * most 250, `{items, bookmark}`); `DELETE /v5/pins/{pin_id}` (204). A title over 100, a
 * description over 800 or a link over 2048 characters is a 400; a board that is not the user's, a 404.
 */
export class PinterestPinsApi {
  readonly pins: Pin[] = [];

  constructor(
    private readonly boards: Map<string, Board>,
    private readonly media: PinterestMediaApi,
    private readonly nextId: () => string,
  ) {}

  async create(ownerId: string, body: Buffer): Promise<Answer> {
    const sent = JSON.parse(body.toString() || '{}') as PinCreate;
    const board = this.boards.get(String(sent.board_id ?? ''));
    if (!board || board.ownerId !== ownerId) return pinterestError(404, 404, 'Board not found.');
    for (const field of ['title', 'description', 'link'] as const) {
      const value = sent[field];
      if (value !== undefined && value !== null && typeof value !== 'string') return invalid(field, 'Not a valid string.');
      if (typeof value === 'string' && [...value].length > LIMITS[field]) return invalid(field, `Length must be between 0 and ${LIMITS[field]}.`);
    }
    const media = await this.mediaOf(ownerId, sent.media_source ?? {});
    if (!('files' in media)) return media;
    const pin: Pin = {
      id: this.nextId(),
      boardId: board.id,
      ownerId,
      title: (sent.title as string | undefined) ?? null,
      description: (sent.description as string | undefined) ?? null,
      link: (sent.link as string | undefined) ?? null,
      ...media,
      createdAt: new Date(),
    };
    this.pins.push(pin);
    return { status: 201, body: this.view(pin) };
  }

  list(ownerId: string, boardId: string, url: URL): Answer {
    const board = this.boards.get(boardId);
    if (!board || board.ownerId !== ownerId) return pinterestError(404, 404, 'Board not found.');
    const pageSize = Number(url.searchParams.get('page_size') ?? 25);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 250) return invalid('page_size', 'Must be greater than or equal to 1 and less than or equal to 250.');
    const onBoard = this.pins.filter((pin) => pin.boardId === boardId).reverse();
    return { status: 200, body: { items: onBoard.slice(0, pageSize).map((pin) => this.view(pin)), bookmark: onBoard.length > pageSize ? Buffer.from(String(pageSize)).toString('base64') : null } };
  }

  remove(ownerId: string, pinId: string): Answer {
    const index = this.pins.findIndex((pin) => pin.id === pinId && pin.ownerId === ownerId);
    if (index < 0) return pinterestError(404, 50, 'Pin not found.');
    this.pins.splice(index, 1);
    return { status: 204 };
  }

  private async mediaOf(ownerId: string, source: MediaSource): Promise<Pick<Pin, 'mediaType' | 'files' | 'cover'> | Answer> {
    if (source.source_type === 'image_url') {
      const image = await fetchImage(source.url);
      return Buffer.isBuffer(image) ? { mediaType: 'image', files: [image], cover: null } : image;
    }
    if (source.source_type === 'multiple_image_urls') {
      const items = Array.isArray(source.items) ? (source.items as { url?: unknown }[]) : [];
      if (items.length < CAROUSEL.min || items.length > CAROUSEL.max) return invalid('media_source.items', `Length must be between ${CAROUSEL.min} and ${CAROUSEL.max}.`);
      const files: Buffer[] = [];
      for (const item of items) {
        const image = await fetchImage(item.url);
        if (!Buffer.isBuffer(image)) return image;
        files.push(image);
      }
      return { mediaType: 'multiple_images', files, cover: null };
    }
    if (source.source_type === 'video_id') {
      const video = this.media.pinnable(ownerId, String(source.media_id ?? ''));
      if (!Buffer.isBuffer(video)) return video;
      if (source.cover_image_url === undefined && typeof source.cover_image_key_frame_time !== 'number') {
        return invalid('media_source', 'A video pin needs a cover_image_url or a cover_image_key_frame_time.');
      }
      const cover = source.cover_image_url === undefined ? null : await fetchImage(source.cover_image_url);
      if (cover !== null && !Buffer.isBuffer(cover)) return cover;
      return { mediaType: 'video', files: [video], cover };
    }
    return invalid('media_source', 'Must be one of: image_base64, image_url, video_id, multiple_image_base64, multiple_image_urls, pin_url.');
  }

  private view(pin: Pin): Record<string, unknown> {
    return {
      id: pin.id,
      created_at: createdAtOf(pin.createdAt),
      link: pin.link,
      title: pin.title,
      description: pin.description,
      alt_text: null,
      board_id: pin.boardId,
      board_section_id: null,
      parent_pin_id: null,
      media: { media_type: pin.mediaType },
    };
  }
}

/** The image at `url`, fetched as Pinterest fetches it, or the refusal when it cannot be had. */
async function fetchImage(url: unknown): Promise<Buffer | Answer> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return invalid('media_source.url', 'Not a valid URL.');
  const fetched = await fetch(url).catch(() => null);
  if (!fetched?.ok || !(fetched.headers.get('content-type') ?? '').startsWith('image/')) {
    return pinterestError(400, 1, `Sorry, we could not fetch the image.`);
  }
  return Buffer.from(await fetched.arrayBuffer());
}
