import { FacebookGraphState, PagePost } from './facebook-graph-state';
import { graphError, GraphAnswer, graphTime, invalidParameter, missingObject, ok } from './graph-answers';

/** Facebook's limit of a post's text, in characters. */
export const FACEBOOK_MAX_CHARACTERS = 63_206;

/** A call of a Page's token: the path after the version, its parameters (query and body merged), and the Page. */
export interface PageCall {
  method: string;
  segments: string[];
  params: Record<string, unknown>;
  pageId: string;
}

/** Fetches a media address as Facebook does (over HTTP, from where the service serves it): its bytes, or null when it cannot. */
export type MediaFetcher = (url: string) => Promise<Buffer | null>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const tooLong = (field: string, value: string): GraphAnswer | null =>
  [...value].length > FACEBOOK_MAX_CHARACTERS ? invalidParameter(`Param ${field} must be at most ${FACEBOOK_MAX_CHARACTERS} characters long`) : null;
const since = (params: Record<string, unknown>): number => Number(params.since ?? 0) * 1000;
const limit = (params: Record<string, unknown>): number => Math.min(Number(params.limit ?? 25) || 25, 100);
const fieldsOf = (params: Record<string, unknown>, fallback: string): string[] => text(params.fields || fallback).split(',');
const pick = (fields: string[], all: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(all).filter(([name, value]) => (name === 'id' || fields.includes(name)) && value !== undefined));

/**
 * A Page's content as the local Graph API answers it, for a Page token: `POST /{page}/feed`
 * (`message`, `link`, `attached_media` of unpublished photos), `POST /{page}/photos` (`url`,
 * fetched; `caption`; `published=false` keeps it off the feed: `{id}`, else `{id, post_id}`),
 * `GET /{page}/posts` (newest first, from `since`), `POST /{page}/photo_stories` (`photo_id` of an
 * unpublished photo), `GET /{page}/stories`, `POST /{object}/comments` (`message`,
 * `attachment_url`), `GET /{id}` (the fields asked for) and `DELETE /{id}`.
 */
export class FacebookPageApi {
  constructor(
    private readonly state: FacebookGraphState,
    private readonly fetchMedia: MediaFetcher,
  ) {}

  async answer(call: PageCall): Promise<GraphAnswer | null> {
    const [id, edge, extra] = call.segments;
    if (extra !== undefined) return null;
    const own = id === call.pageId;
    if (call.method === 'POST' && own && edge === 'feed') return this.feed(call);
    if (call.method === 'POST' && own && edge === 'photos') return this.photo(call);
    if (call.method === 'GET' && own && edge === 'posts') return this.postsOf(call);
    if (call.method === 'POST' && own && edge === 'photo_stories') return this.photoStory(call);
    if (call.method === 'GET' && own && edge === 'stories') return this.storiesOf(call.pageId);
    if (call.method === 'POST' && edge === 'comments') return this.comment(call, id);
    if (edge !== undefined) return null;
    if (call.method === 'GET') return this.object(call, id);
    if (call.method === 'DELETE') return this.remove(call.pageId, id);
    return null;
  }

  private feed({ pageId, params }: PageCall): GraphAnswer {
    const message = text(params.message);
    const link = text(params.link) || null;
    const attached = Array.isArray(params.attached_media) ? (params.attached_media as { media_fbid?: unknown }[]) : [];
    if (!message && !link && attached.length === 0) return invalidParameter('Missing message or attachment');
    const refused = tooLong('message', message);
    if (refused) return refused;
    const photos = attached.map((entry) => this.state.photos.get(String(entry.media_fbid)));
    const unusable = photos.findIndex((photo) => !photo || photo.pageId !== pageId || photo.published || photo.usedBy !== null);
    if (unusable >= 0) return invalidParameter(`param attached_media[${unusable}] must be a valid unpublished photo of the Page`);
    const post = this.newPost(pageId, photos.length > 0 ? 'album' : 'status', message, link, photos.map((photo) => photo!.bytes));
    for (const photo of photos) photo!.usedBy = post.id;
    return ok({ id: post.id });
  }

  private async photo({ pageId, params }: PageCall): Promise<GraphAnswer> {
    const caption = text(params.caption);
    const refused = tooLong('caption', caption);
    if (refused) return refused;
    if (!text(params.url)) return graphError({ message: '(#324) Requires upload file', code: 324 });
    const bytes = await this.fetchMedia(text(params.url));
    if (!bytes) return graphError({ message: 'Missing or invalid image file', code: 324 });
    const published = params.published !== false && params.published !== 'false';
    const photo = { id: this.state.id(), pageId, bytes, published, usedBy: null as string | null };
    this.state.photos.set(photo.id, photo);
    if (!published) return ok({ id: photo.id });
    const post = this.newPost(pageId, 'photo', caption, null, [bytes]);
    photo.usedBy = post.id;
    return ok({ id: photo.id, post_id: post.id });
  }

  private postsOf({ pageId, params }: PageCall): GraphAnswer {
    const fields = fieldsOf(params, 'id,message,created_time');
    const posts = this.state.posts.filter((post) => post.pageId === pageId && post.createdAt >= since(params)).reverse().slice(0, limit(params));
    return ok({ data: posts.map((post) => pick(fields, this.shown(post))), paging: {} });
  }

  private photoStory({ pageId, params }: PageCall): GraphAnswer {
    const photo = this.state.photos.get(text(params.photo_id));
    if (!photo || photo.pageId !== pageId) return invalidParameter('Param photo_id must be a valid photo id');
    if (photo.published || photo.usedBy !== null) return invalidParameter('The photo was already used in a published post. Upload it again, unpublished, for a story.');
    const postId = `${pageId}_${this.state.id()}`;
    photo.usedBy = postId;
    this.state.stories.push({ postId, pageId, mediaType: 'photo', mediaId: photo.id, createdAt: Date.now() });
    return ok({ success: true, post_id: postId });
  }

  private storiesOf(pageId: string): GraphAnswer {
    const stories = this.state.stories.filter((story) => story.pageId === pageId).reverse();
    return ok({
      data: stories.map((story) => ({ post_id: story.postId, status: 'PUBLISHED', creation_time: String(Math.floor(story.createdAt / 1000)), media_type: story.mediaType, media_id: story.mediaId, url: this.state.storyUrl(story) })),
    });
  }

  private async comment({ pageId, params }: PageCall, objectId: string): Promise<GraphAnswer> {
    const target = this.state.objectOf(pageId, objectId);
    if (!target || (target.kind !== 'post' && target.kind !== 'video')) return missingObject(objectId);
    const message = text(params.message);
    const attachment = text(params.attachment_url);
    if (!message && !attachment) return invalidParameter('Missing message or attachment');
    if ([...message].length > 8_000) return invalidParameter('Param message must be at most 8000 characters long');
    const image = attachment ? await this.fetchMedia(attachment) : null;
    if (attachment && !image) return invalidParameter('Param attachment_url must be a valid image address');
    const id = `${objectId.split('_').at(-1)}_${this.state.id()}`;
    this.state.comments.push({ id, objectId, pageId, message, image });
    return ok({ id });
  }

  private object({ pageId, params }: PageCall, id: string): GraphAnswer {
    const fields = fieldsOf(params, 'id');
    const page = this.state.pages.get(id);
    if (page) {
      const picture = { data: { height: 50, is_silhouette: false, url: `https://scontent.xx.fbcdn.net/v/t39.30808-1/${page.id}_n.jpg`, width: 50 } };
      return ok(pick(fields, { id: page.id, name: page.name, username: page.username ?? undefined, link: `https://www.facebook.com/${page.username ?? page.id}`, picture }));
    }
    const found = this.state.objectOf(pageId, id);
    if (!found || found.kind === 'video' || found.kind === 'story') return missingObject(id);
    if (found.kind === 'post') return ok(pick(fields, this.shown(found.post)));
    if (found.kind === 'comment') {
      const onPost = this.state.posts.find((post) => post.id === found.comment.objectId);
      const permalink = onPost ? `${this.state.postPermalink(onPost)}?comment_id=${id.split('_')[1]}` : undefined;
      return ok(pick(fields, { id, message: found.comment.message, permalink_url: permalink }));
    }
    return ok(pick(fields, { id }));
  }

  private remove(pageId: string, id: string): GraphAnswer {
    const found = this.state.objectOf(pageId, id);
    if (!found) return missingObject(id);
    if (found.kind === 'post') this.state.posts.splice(this.state.posts.indexOf(found.post), 1);
    if (found.kind === 'video') this.state.videos.delete(id);
    if (found.kind === 'photo') this.state.photos.delete(id);
    if (found.kind === 'comment') this.state.comments.splice(this.state.comments.indexOf(found.comment), 1);
    if (found.kind === 'story') this.state.stories.splice(this.state.stories.indexOf(found.story), 1);
    return ok({ success: true });
  }

  private newPost(pageId: string, kind: PagePost['kind'], message: string, link: string | null, media: Buffer[]): PagePost {
    const post: PagePost = { id: `${pageId}_${this.state.id()}`, pageId, kind, message, link, media, createdAt: Date.now() };
    this.state.posts.push(post);
    return post;
  }

  private shown(post: PagePost): Record<string, unknown> {
    return { id: post.id, message: post.message || undefined, link: post.link ?? undefined, created_time: graphTime(post.createdAt), permalink_url: this.state.postPermalink(post) };
  }
}
