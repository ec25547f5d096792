import { randomBytes } from 'node:crypto';
import { Container, download, refusalOfContainer, statusOf } from './threads-containers';
import { GraphAnswer, graphTimestamp, invalidParameter, mediaNotFound, publishingLimitReached, selectFields, ThreadsUser, unsupportedRequest } from './threads-graph-answers';

/** A published Threads post (a thread's root or a reply): what the platform holds. */
export interface ThreadsPost {
  id: string;
  user: ThreadsUser;
  text: string;
  mediaType: 'TEXT_POST' | 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  /** The bytes Threads downloaded, in order (a carousel's children). */
  files: Buffer[];
  replyTo: string | null;
  shortcode: string;
  publishedAt: Date;
  /** Its lifetime figures, as its insights name them. */
  insights: Record<ThreadsInsight, number>;
}

/** The media insights of a post (Threads Insights API). */
export const THREADS_INSIGHTS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'] as const;
export type ThreadsInsight = (typeof THREADS_INSIGHTS)[number];

const MEDIA_TYPE_OF_POST = { TEXT: 'TEXT_POST', IMAGE: 'IMAGE', VIDEO: 'VIDEO', CAROUSEL: 'CAROUSEL_ALBUM' } as const;
const QUOTA_DURATION_SECONDS = 86_400;

/**
 * Publishing on the local Threads: media containers (`POST /{user-id}/threads`, the media fetched
 * from its URL), their status, `POST /{user-id}/threads_publish`, the publishing quota, the
 * profile's threads and replies (newest first, `since`/`until`/`limit`), one object's fields, and
 * `DELETE /{media-id}`.
 */
export class ThreadsPublishingApi {
  readonly posts: ThreadsPost[] = [];
  /** How long a container is processed after its media arrived (Infinity: it never finishes). */
  processingMs = 20;
  /** Posts a profile may publish in 24 hours. */
  quotaTotal = 250;
  private readonly containers = new Map<string, Container>();
  private nextId = 17_890_000_000_000_000n;

  createContainer(user: ThreadsUser, params: URLSearchParams): GraphAnswer {
    const refusal = refusalOfContainer(params, user, { container: (id) => this.containers.get(id), rootOwnerOf: (id) => this.rootOwnerOf(id) });
    if (refusal) return refusal;
    const mediaType = params.get('media_type') as Container['mediaType'];
    const url = mediaType === 'IMAGE' ? params.get('image_url') : mediaType === 'VIDEO' ? params.get('video_url') : null;
    const container: Container = {
      id: this.id(),
      userId: user.id,
      mediaType,
      text: params.get('text') ?? '',
      isCarouselItem: params.get('is_carousel_item') === 'true',
      children: mediaType === 'CAROUSEL' ? (params.get('children') ?? '').split(',') : [],
      replyToId: params.get('reply_to_id'),
      createdAt: Date.now(),
      file: url ? download(url) : null,
      fetched: undefined,
      readyAt: url ? Infinity : Date.now() + this.processingMs,
      publishedAs: null,
    };
    void container.file?.then((file) => {
      container.fetched = file;
      container.readyAt = Date.now() + this.processingMs;
    });
    this.containers.set(container.id, container);
    return { status: 200, body: { id: container.id } };
  }

  publish(user: ThreadsUser, params: URLSearchParams): GraphAnswer {
    const id = params.get('creation_id') ?? '';
    const container = this.containers.get(id);
    if (!container || container.userId !== user.id || container.isCarouselItem) return mediaNotFound(id);
    if (statusOf(container, (child) => this.containers.get(child)).status !== 'FINISHED') return mediaNotFound(id);
    if (!container.replyToId && this.quotaUsage(user) >= this.quotaTotal) return publishingLimitReached();
    const files = container.mediaType === 'CAROUSEL' ? container.children.map((child) => this.containers.get(child)!.fetched!.bytes) : container.fetched ? [container.fetched.bytes] : [];
    const post: ThreadsPost = {
      id: this.id(),
      user,
      text: container.text,
      mediaType: MEDIA_TYPE_OF_POST[container.mediaType],
      files,
      replyTo: container.replyToId,
      shortcode: randomBytes(8).toString('base64url').slice(0, 11),
      publishedAt: new Date(),
      insights: { views: 0, likes: 0, replies: 0, reposts: 0, quotes: 0, shares: 0 },
    };
    this.posts.push(post);
    container.publishedAs = post.id;
    return { status: 200, body: { id: post.id } };
  }

  /** `GET /{user-id}/threads_publishing_limit`: the posts of the last 24 hours and the quota. */
  publishingLimit(user: ThreadsUser, fields: string | null): GraphAnswer {
    const limit: Record<string, unknown> = { quota_usage: this.quotaUsage(user), config: { quota_total: this.quotaTotal, quota_duration: QUOTA_DURATION_SECONDS } };
    const names = (fields ?? 'quota_usage').split(',');
    return { status: 200, body: { data: [Object.fromEntries(names.filter((name) => name in limit).map((name) => [name, limit[name]]))] } };
  }

  /** `GET /{user-id}/threads` (the profile's posts) or `/replies` (its replies), newest first. */
  list(user: ThreadsUser, replies: boolean, query: URLSearchParams): GraphAnswer {
    const since = timeParameter(query.get('since')) ?? -Infinity;
    const until = timeParameter(query.get('until')) ?? Infinity;
    const limit = Math.min(Number(query.get('limit') ?? 25) || 25, 100);
    const offset = Number(Buffer.from(query.get('after') ?? '', 'base64url').toString() || 0);
    const matching = this.posts
      .filter((post) => post.user.id === user.id && (post.replyTo !== null) === replies && post.publishedAt.getTime() >= since && post.publishedAt.getTime() <= until)
      .reverse();
    const page = matching.slice(offset, offset + limit);
    const data = page.map((post) => selectFields(this.fieldsOf(post), query.get('fields')));
    const cursor = (at: number) => Buffer.from(String(at)).toString('base64url');
    const paging = { cursors: { before: cursor(offset), after: cursor(offset + page.length) }, ...(offset + limit < matching.length ? { next: 'more' } : {}) };
    return { status: 200, body: page.length > 0 ? { data, paging } : { data } };
  }

  /** `GET /{id}`: a container's status, or a post's fields, for its owner. */
  read(user: ThreadsUser, id: string, fields: string | null): GraphAnswer {
    const container = this.containers.get(id);
    if (container && container.userId === user.id) {
      const unknown = (fields ?? '').split(',').find((name) => name && !['id', 'status', 'error_message'].includes(name));
      if (unknown) return invalidParameter(`Tried accessing nonexisting field (${unknown}) on node type (ThreadsMediaContainer)`);
      return { status: 200, body: selectFields({ id, ...statusOf(container, (child) => this.containers.get(child)) }, fields) };
    }
    const post = this.posts.find((found) => found.id === id && found.user.id === user.id);
    return post ? { status: 200, body: selectFields(this.fieldsOf(post), fields) } : unsupportedRequest('get', id);
  }

  /** `GET /{media-id}/insights?metric=...`: the post's lifetime figures, one entry per metric asked for, in that order; for its owner only. */
  insights(user: ThreadsUser, id: string, metric: string | null): GraphAnswer {
    const post = this.posts.find((found) => found.id === id && found.user.id === user.id);
    if (!post) return unsupportedRequest('get', id);
    const names = (metric ?? '').split(',').filter(Boolean);
    if (names.length === 0 || names.some((name) => !(THREADS_INSIGHTS as readonly string[]).includes(name))) {
      return invalidParameter(`Param metric must be one of {${THREADS_INSIGHTS.join(', ')}}`);
    }
    const data = (names as ThreadsInsight[]).map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: post.insights[name] }],
      title: name[0].toUpperCase() + name.slice(1),
      description: `The number of ${name} of your post.`,
      id: `${post.id}/insights/${name}/lifetime`,
    }));
    return { status: 200, body: { data } };
  }

  delete(user: ThreadsUser, id: string): GraphAnswer {
    const index = this.posts.findIndex((post) => post.id === id && post.user.id === user.id);
    if (index < 0) return unsupportedRequest('delete', id);
    this.posts.splice(index, 1);
    return { status: 200, body: { success: true, deleted_id: id } };
  }

  /** The owner of the thread this post is in (its root's author), or null when there is no such post. */
  private rootOwnerOf(id: string): string | null {
    let post = this.posts.find((found) => found.id === id);
    while (post?.replyTo) {
      const parent = this.posts.find((found) => found.id === post!.replyTo);
      if (!parent) break;
      post = parent;
    }
    return post ? post.user.id : null;
  }

  private quotaUsage(user: ThreadsUser): number {
    const since = Date.now() - QUOTA_DURATION_SECONDS * 1000;
    return this.posts.filter((post) => post.user.id === user.id && post.replyTo === null && post.publishedAt.getTime() >= since).length;
  }

  private fieldsOf(post: ThreadsPost): Record<string, unknown> {
    return {
      id: post.id,
      media_product_type: 'THREADS',
      media_type: post.mediaType,
      permalink: `https://www.threads.net/@${post.user.username}/post/${post.shortcode}`,
      owner: { id: post.user.id },
      username: post.user.username,
      text: post.text || undefined,
      timestamp: graphTimestamp(post.publishedAt),
      shortcode: post.shortcode,
      is_quote_post: false,
      is_reply: post.replyTo !== null,
      replied_to: post.replyTo ? { id: post.replyTo } : undefined,
    };
  }

  private id(): string {
    return String((this.nextId += 1n));
  }
}

/** `since`/`until`: a Unix timestamp or a date strtotime() reads; null when absent. */
function timeParameter(value: string | null): number | null {
  if (value === null || value === '') return null;
  return /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
}
