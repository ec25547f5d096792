import { randomBytes } from 'node:crypto';

export interface FacebookPage {
  id: string;
  name: string;
  username: string | null;
}

export interface FacebookUser {
  id: string;
  name: string;
  /** The Pages the user manages, with the tasks the user may perform on each. */
  pages: { page: FacebookPage; tasks: string[] }[];
}

/** A post of a Page's feed: a text (with a link), a photo, or photos attached to one post. */
export interface PagePost {
  id: string;
  pageId: string;
  kind: 'status' | 'photo' | 'album';
  message: string;
  link: string | null;
  media: Buffer[];
  createdAt: number;
}

export interface PagePhoto {
  id: string;
  pageId: string;
  bytes: Buffer;
  published: boolean;
  /** The post or story that shows it (an unpublished photo is used once). */
  usedBy: string | null;
}

/** A video of a Page: a video post, a reel or a video story, from its upload session to its publication. */
export interface PageVideo {
  id: string;
  pageId: string;
  kind: 'video' | 'reel' | 'story';
  description: string;
  bytes: Buffer | null;
  /** `started`: a session without bytes; `uploaded`: the bytes are in; `finished`: asked to publish (a video post is at once). */
  phase: 'started' | 'uploaded' | 'finished';
  /** How many more looks at its status answer that it is still processing. */
  checksLeft: number;
  /** Processing fails with this message, when set. */
  processingError: string | null;
  published: boolean;
  createdAt: number;
}

export interface PageStory {
  postId: string;
  pageId: string;
  mediaType: 'photo' | 'video';
  mediaId: string;
  createdAt: number;
}

export interface PageComment {
  id: string;
  objectId: string;
  pageId: string;
  message: string;
  image: Buffer | null;
}

/** Who a token speaks for: a user (short- or long-lived) or a Page. */
export type TokenOwner = { kind: 'user'; user: FacebookUser; expiresAt: number; longLived: boolean } | { kind: 'page'; page: FacebookPage };

/** What the local Graph API holds: people, Pages, tokens and what was published, kept for the tests to read back. */
export class FacebookGraphState {
  readonly pages = new Map<string, FacebookPage>();
  readonly tokens = new Map<string, TokenOwner>();
  readonly posts: PagePost[] = [];
  readonly photos = new Map<string, PagePhoto>();
  readonly videos = new Map<string, PageVideo>();
  readonly stories: PageStory[] = [];
  readonly comments: PageComment[] = [];
  /** How many looks at a video's status answer that it is processing, before it is ready (Infinity: never). */
  processingChecks = 1;
  /** The next video's processing fails with this message. */
  failNextProcessing: string | null = null;
  /** Pages whose next call is refused by their Business Use Case limit, with the minutes it asks to wait. */
  readonly throttled = new Map<string, number>();
  private nextId = 100_000_000_000_000n;

  id(): string {
    return String((this.nextId += 1n));
  }

  token(owner: TokenOwner): string {
    const token = `EAA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, owner);
    return token;
  }

  /** The post, video, photo or comment with this id, of this Page; null when there is none. */
  objectOf(pageId: string, id: string): { kind: 'post'; post: PagePost } | { kind: 'video'; video: PageVideo } | { kind: 'photo'; photo: PagePhoto } | { kind: 'comment'; comment: PageComment } | { kind: 'story'; story: PageStory } | null {
    const post = this.posts.find((candidate) => candidate.id === id && candidate.pageId === pageId);
    if (post) return { kind: 'post', post };
    const video = this.videos.get(id);
    if (video?.pageId === pageId) return { kind: 'video', video };
    const photo = this.photos.get(id);
    if (photo?.pageId === pageId) return { kind: 'photo', photo };
    const comment = this.comments.find((candidate) => candidate.id === id && candidate.pageId === pageId);
    if (comment) return { kind: 'comment', comment };
    const story = this.stories.find((candidate) => candidate.postId === id && candidate.pageId === pageId);
    return story ? { kind: 'story', story } : null;
  }

  /** Where a post is seen on the web. */
  postPermalink(post: { id: string; pageId: string }): string {
    return `https://www.facebook.com/${post.pageId}/posts/${post.id.split('_')[1]}`;
  }

  /** A video's permalink as Graph gives it: relative to facebook.com. */
  videoPermalink(video: PageVideo): string {
    return video.kind === 'reel' ? `/reel/${video.id}/` : `/${video.pageId}/videos/${video.id}/`;
  }

  storyUrl(story: PageStory): string {
    return `https://www.facebook.com/stories/${story.pageId}/${story.postId.split('_')[1]}`;
  }

  /** What the Page shows with a text, oldest first: feed posts, video posts and published reels. */
  published(pageId: string): { text: string; files: Buffer[] }[] {
    const entries: { text: string; files: Buffer[]; createdAt: number }[] = [
      ...this.posts.filter((post) => post.pageId === pageId).map((post) => ({ text: post.message, files: post.media, createdAt: post.createdAt })),
      ...[...this.videos.values()].filter((video) => video.pageId === pageId && video.kind !== 'story' && video.published).map((video) => ({ text: video.description, files: video.bytes ? [video.bytes] : [], createdAt: video.createdAt })),
    ];
    return entries.sort((a, b) => a.createdAt - b.createdAt).map(({ text, files }) => ({ text, files }));
  }
}
