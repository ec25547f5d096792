import { randomBytes } from 'node:crypto';
import { GraphAnswer, GraphErrors, graphTimestamp, ok } from './instagram-graph-answers';
import type { InstagramUser } from './instagram-login-api';

/** A comment as Instagram keeps it. */
export interface InstagramComment {
  id: string;
  mediaId: string;
  userId: string;
  username: string;
  text: string;
  timestamp: number;
}

/** A published Instagram media: a feed post (an image or a carousel album), a reel, or a story. */
export interface InstagramMedia {
  id: string;
  userId: string;
  username: string;
  /** Null for a story, which takes none. */
  caption: string | null;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  productType: 'FEED' | 'REELS' | 'STORY';
  /** The bytes Instagram fetched, in the order of the post (a carousel's children). */
  files: Buffer[];
  timestamp: number;
  shortcode: string;
  comments: InstagramComment[];
  /** How many people liked it (`like_count`; comments count themselves). */
  likes: number;
  /** Its media insights by metric name (views, saved, shares, ...); one not set is 0. */
  insights: Record<string, number>;
  /** Too few people saw it for Instagram to show its insights. */
  tooFewViewers: boolean;
}

/** What publishing makes a media of: the rest (its id, address, time, comments and figures) Instagram gives it. */
export type NewMedia = Omit<InstagramMedia, 'id' | 'shortcode' | 'comments' | 'timestamp' | 'likes' | 'insights' | 'tooFewViewers'>;

/** How many items a page of an edge holds unless `limit` says (Graph API: 25). */
const DEFAULT_PAGE = 25;
/** A story is visible for a day. */
const STORY_LIFETIME_MS = 24 * 3600 * 1000;

const permalinkOf = (media: InstagramMedia): string => {
  if (media.productType === 'STORY') return `https://www.instagram.com/stories/${media.username}/${media.id}/`;
  return `https://www.instagram.com/${media.productType === 'REELS' ? 'reel' : 'p'}/${media.shortcode}/`;
};

/** The requested fields (`fields=a,b`) of an object, `id` always. */
function pick(object: Record<string, unknown>, fields: string | null): Record<string, unknown> {
  const wanted = new Set(['id', ...(fields ?? '').split(',').map((field) => field.trim()).filter(Boolean)]);
  return Object.fromEntries(Object.entries(object).filter(([name, value]) => wanted.has(name) && value !== undefined));
}

/**
 * The media Instagram holds and what the API reads of them: an IG Media (`GET /{media-id}?fields=`:
 * id, caption, media_type, media_product_type, permalink, shortcode, timestamp, username,
 * comments_count, like_count (not for stories)), its insights (instagram-insights.ts), the user's media edge (`GET /{ig-user-id}/media`, newest first, stories left
 * out, `since`/`until` as Unix times, `limit`, cursor paging with `after`), the stories edge
 * (`GET /{ig-user-id}/stories`, the last 24 hours), and comments (`POST /{media-id}/comments`
 * `message`, answered `{id}`; `GET /{media-id}/comments`, newest first, at most 50).
 */
export class InstagramMediaLibrary {
  readonly media: InstagramMedia[] = [];

  constructor(private readonly nextId: () => string) {}

  add(media: NewMedia): InstagramMedia {
    const added = { ...media, id: this.nextId(), shortcode: randomBytes(8).toString('base64url'), comments: [], timestamp: Date.now(), likes: 0, insights: {}, tooFewViewers: false };
    this.media.push(added);
    return added;
  }

  find(id: string): InstagramMedia | undefined {
    return this.media.find((media) => media.id === id);
  }

  /** How many media the user published in the last `seconds` (what the publishing limit counts). */
  publishedWithin(userId: string, seconds: number): number {
    return this.media.filter((media) => media.userId === userId && media.timestamp > Date.now() - seconds * 1000).length;
  }

  read(media: InstagramMedia, fields: string | null): GraphAnswer {
    return ok(
      pick(
        {
          id: media.id,
          caption: media.caption ?? undefined,
          media_type: media.mediaType,
          media_product_type: media.productType,
          permalink: permalinkOf(media),
          shortcode: media.shortcode,
          timestamp: graphTimestamp(media.timestamp),
          username: media.username,
          comments_count: media.comments.length,
          like_count: media.productType === 'STORY' ? undefined : media.likes,
        },
        fields,
      ),
    );
  }

  /** `GET /{ig-user-id}/media` or `/stories`, for the token's user. */
  edge(user: InstagramUser, edge: 'media' | 'stories', query: URLSearchParams, selfUrl: string): GraphAnswer {
    const since = Number(query.get('since') ?? NaN);
    const until = Number(query.get('until') ?? NaN);
    const all = this.media
      .filter((media) => media.userId === user.id && (edge === 'stories' ? media.productType === 'STORY' && media.timestamp > Date.now() - STORY_LIFETIME_MS : media.productType !== 'STORY'))
      .filter((media) => (Number.isFinite(since) ? media.timestamp >= since * 1000 : true) && (Number.isFinite(until) ? media.timestamp <= until * 1000 : true))
      .reverse();
    const start = query.has('after') ? Number(Buffer.from(query.get('after')!, 'base64url').toString()) || 0 : 0;
    const limit = Math.min(Math.max(Number(query.get('limit') ?? DEFAULT_PAGE) || DEFAULT_PAGE, 1), 100);
    const page = all.slice(start, start + limit);
    const data = page.map((media) => (this.read(media, query.get('fields')).body as Record<string, unknown>));
    if (page.length === 0) return ok({ data });
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(start + page.length) } };
    if (start + page.length < all.length) {
      const next = new URL(selfUrl);
      next.searchParams.set('after', cursor(start + page.length));
      paging.next = next.toString();
    }
    return ok({ data, paging });
  }

  comment(user: InstagramUser, media: InstagramMedia, params: URLSearchParams): GraphAnswer {
    if (media.productType === 'STORY') return GraphErrors.unsupported('POST', `${media.id}/comments`);
    const message = params.get('message');
    if (!message) return GraphErrors.missingParameter('message');
    const comment = { id: this.nextId(), mediaId: media.id, userId: user.id, username: user.username, text: message, timestamp: Date.now() };
    media.comments.push(comment);
    return ok({ id: comment.id });
  }

  comments(media: InstagramMedia, fields: string | null): GraphAnswer {
    const data = [...media.comments].reverse().slice(0, 50).map((comment) => this.readComment(comment, fields));
    return ok({ data });
  }

  findComment(id: string): InstagramComment | undefined {
    return this.media.flatMap((media) => media.comments).find((comment) => comment.id === id);
  }

  readComment(comment: InstagramComment, fields: string | null): Record<string, unknown> {
    return pick(
      {
        id: comment.id,
        text: comment.text,
        timestamp: graphTimestamp(comment.timestamp),
        username: comment.username,
        from: { id: comment.userId, username: comment.username },
        media: { id: comment.mediaId },
      },
      fields,
    );
  }
}
