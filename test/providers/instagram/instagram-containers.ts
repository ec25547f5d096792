import { GraphAnswer, GraphErrors, ok } from './instagram-graph-answers';
import type { InstagramUser } from './instagram-login-api';
import { InstagramMediaLibrary, NewMedia } from './instagram-media-library';

type StatusCode = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

/** A media container, as Instagram keeps it between its creation and its publication. */
export interface Container {
  id: string;
  userId: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL' | 'REELS' | 'STORIES';
  isCarouselItem: boolean;
  caption: string;
  children: Container[];
  /** The bytes fetched from `image_url` or `video_url`; null while a video is being fetched, and for a carousel. */
  file: Buffer | null;
  /** The error subcode of a container whose processing failed. */
  failure: number | null;
  /** When its processing ends (a video's, after the fetch). */
  readyAt: number;
  expired: boolean;
  published: boolean;
}

/** What a container's fetch does with a URL: its bytes, or null when it could not be fetched. */
export type MediaFetcher = (url: string) => Promise<Buffer | null>;

const STATUS_TEXT: Record<Exclude<StatusCode, 'ERROR'>, string> = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  EXPIRED: 'Expired: Media was not published within 24 hours.',
  PUBLISHED: 'Published: Media has been successfully published.',
};

/** A caption's limit, in characters. */
const CAPTION_MAX = 2200;
/** Instagram's publishing limit of an account with Instagram Login, in a rolling day. */
const QUOTA_DURATION_SECONDS = 86_400;

const isImage = (bytes: Buffer): boolean =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) || (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff);
const isMp4 = (bytes: Buffer): boolean => bytes.length > 8 && bytes.toString('latin1', 4, 8) === 'ftyp';

/**
 * Content publishing as Instagram documents it: `POST /{ig-user-id}/media` creates a container
 * (an image from `image_url`, fetched at once; `media_type=REELS` or `STORIES` with `video_url`,
 * or `STORIES` with `image_url`; carousel items with `is_carousel_item=true` (videos as
 * `media_type=VIDEO`); `media_type=CAROUSEL` with 2 to 10 `children`), answered `{id}`. Videos are
 * fetched and processed afterwards: the container is `IN_PROGRESS`, then `FINISHED`, or `ERROR`
 * (its `status` names the error code). `GET /{container-id}?fields=status_code,status` reads it;
 * `POST /{ig-user-id}/media_publish` `creation_id` publishes a `FINISHED` container once (`{id}` of
 * the media), within the account's limit, which `GET /{ig-user-id}/content_publishing_limit` reads.
 */
export class InstagramContainers {
  readonly containers = new Map<string, Container>();
  /** How long a video's processing takes after its fetch. */
  videoProcessingMs = 100;
  /** Whether videos stay `IN_PROGRESS` for ever (a processing that never ends). */
  processingStalls = false;
  /** Posts an account may publish in a rolling day. */
  quotaTotal = 100;

  constructor(
    private readonly library: InstagramMediaLibrary,
    private readonly fetchMedia: MediaFetcher,
    private readonly nextId: () => string,
  ) {}

  async create(user: InstagramUser, params: URLSearchParams): Promise<GraphAnswer> {
    const mediaType = (params.get('media_type') ?? 'IMAGE').toUpperCase();
    const isCarouselItem = params.get('is_carousel_item') === 'true';
    const caption = params.get('caption') ?? '';
    if ([...caption].length > CAPTION_MAX) return GraphErrors.captionTooLong();
    const base = { id: this.nextId(), userId: user.id, isCarouselItem, caption, children: [], file: null, failure: null, readyAt: Date.now(), expired: false, published: false };
    if (mediaType === 'CAROUSEL') return this.carousel(base, params.get('children'));
    const imageUrl = params.get('image_url');
    const videoUrl = params.get('video_url');
    const takesImage = mediaType === 'IMAGE' || mediaType === 'STORIES';
    const takesVideo = mediaType === 'REELS' || mediaType === 'STORIES' || (mediaType === 'VIDEO' && isCarouselItem);
    if (!takesImage && !takesVideo) return GraphErrors.unknownMediaType();
    if (takesImage && imageUrl) {
      const bytes = await this.fetchMedia(imageUrl);
      if (!bytes) return GraphErrors.mediaDownloadFailed(imageUrl);
      if (!isImage(bytes)) return GraphErrors.unsupportedImage();
      return this.keep({ ...base, mediaType: mediaType as Container['mediaType'], file: bytes });
    }
    if (!takesVideo || !videoUrl) return GraphErrors.missingParameter(takesImage ? 'image_url' : 'video_url');
    const container = this.keep({ ...base, mediaType: mediaType as Container['mediaType'], readyAt: Infinity });
    void this.fetchMedia(videoUrl).then((bytes) => this.processed(this.containers.get(container.body.id)!, bytes));
    return container;
  }

  /** `GET /{container-id}`: its id, `status_code` and `status`. */
  read(container: Container, fields: string | null): GraphAnswer {
    const code = this.statusOf(container);
    const failure = container.failure ?? container.children.find((child) => child.failure !== null)?.failure;
    const status = code === 'ERROR' ? `Error: Media upload has failed with error code ${failure}` : STATUS_TEXT[code];
    const wanted = new Set((fields ?? '').split(','));
    return ok({ id: container.id, ...(wanted.has('status_code') ? { status_code: code } : {}), ...(wanted.has('status') ? { status } : {}) });
  }

  async publish(user: InstagramUser, params: URLSearchParams): Promise<GraphAnswer> {
    const id = params.get('creation_id');
    if (!id) return GraphErrors.missingParameter('creation_id');
    const container = this.containers.get(id);
    if (!container || container.userId !== user.id || container.isCarouselItem) return GraphErrors.builderGone(id);
    const status = this.statusOf(container);
    if (status === 'IN_PROGRESS') return GraphErrors.notReady();
    if (status === 'EXPIRED') return GraphErrors.expired();
    if (status !== 'FINISHED') return GraphErrors.builderGone(id);
    if (this.library.publishedWithin(user.id, QUOTA_DURATION_SECONDS) >= this.quotaTotal) return GraphErrors.publishLimit();
    container.published = true;
    const media = this.library.add(this.mediaOf(user, container));
    return ok({ id: media.id });
  }

  limit(user: InstagramUser): GraphAnswer {
    return ok({ data: [{ quota_usage: this.library.publishedWithin(user.id, QUOTA_DURATION_SECONDS), config: { quota_total: this.quotaTotal, quota_duration: QUOTA_DURATION_SECONDS } }] });
  }

  /** The container is more than a day old: it can no longer be published. */
  expire(id: string): void {
    this.containers.get(id)!.expired = true;
  }

  private carousel(base: Omit<Container, 'mediaType'>, list: string | null): GraphAnswer {
    if (!list) return GraphErrors.missingParameter('children');
    const ids = list.replace(/^\[|\]$/g, '').split(',').map((id) => id.trim().replace(/^"|"$/g, '')).filter(Boolean);
    const children = ids.map((id) => this.containers.get(id));
    if (ids.length < 2 || ids.length > 10) return GraphErrors.carouselSize();
    const missing = ids.find((id, index) => !children[index] || children[index].userId !== base.userId || !children[index].isCarouselItem);
    if (missing) return GraphErrors.builderGone(missing);
    return this.keep({ ...base, mediaType: 'CAROUSEL', children: children as Container[] });
  }

  private keep(container: Container): GraphAnswer & { body: { id: string } } {
    this.containers.set(container.id, container);
    return { status: 200, body: { id: container.id } };
  }

  /** A video fetched: not an MP4 is an unsupported format (2207026); not fetched, a failed download (2207052). */
  private processed(container: Container, bytes: Buffer | null): void {
    if (!bytes) container.failure = 2207052;
    else if (!isMp4(bytes)) container.failure = 2207026;
    else {
      container.file = bytes;
      container.readyAt = Date.now() + this.videoProcessingMs;
    }
  }

  private statusOf(container: Container): StatusCode {
    if (container.published) return 'PUBLISHED';
    if (container.expired) return 'EXPIRED';
    const parts = container.mediaType === 'CAROUSEL' ? container.children : [container];
    if (parts.some((part) => part.failure !== null)) return 'ERROR';
    const processing = parts.some((part) => part.readyAt > Date.now() || (part.mediaType !== 'IMAGE' && !part.file) || (this.processingStalls && part.file && !isImage(part.file)));
    return processing ? 'IN_PROGRESS' : 'FINISHED';
  }

  private mediaOf(user: InstagramUser, container: Container): NewMedia {
    const common = { userId: user.id, username: user.username };
    if (container.mediaType === 'CAROUSEL') return { ...common, caption: container.caption, mediaType: 'CAROUSEL_ALBUM', productType: 'FEED', files: container.children.map((child) => child.file!) };
    const mediaType = isImage(container.file!) ? 'IMAGE' : 'VIDEO';
    if (container.mediaType === 'STORIES') return { ...common, caption: null, mediaType, productType: 'STORY', files: [container.file!] };
    return { ...common, caption: container.caption, mediaType, productType: container.mediaType === 'REELS' ? 'REELS' : 'FEED', files: [container.file!] };
  }
}
