import type { RedditUser } from './reddit-oauth';

/** A submission as Reddit keeps it. */
export interface Submission {
  id: string;
  author: RedditUser;
  subreddit: string;
  kind: 'self' | 'link' | 'image';
  title: string;
  /** The markdown body (`text`): a self post's text, or the body of an image post. */
  selftext: string;
  /** A link post's URL; an image post's `i.redd.it` address. */
  url: string | null;
  flairId: string | null;
  flairText: string | null;
  sendReplies: boolean;
  /** The bytes of an image post's image, as the bucket received them. */
  files: Buffer[];
  /** When it was created (epoch ms); an image post is created once its media is processed. */
  created: number;
  deleted: boolean;
  /** What readers did with it: upvotes (its author's own counts, as on Reddit), comments, crossposts. */
  counts: { ups: number; num_comments: number; num_crossposts: number };
}

/** A comment as Reddit keeps it. */
export interface Comment {
  id: string;
  author: RedditUser;
  /** The submission it is under (`t3_<id>`) and what it replies to (the submission, for a top-level comment). */
  linkId: string;
  parentId: string;
  subreddit: string;
  body: string;
  created: number;
  deleted: boolean;
}

/** Reddit escapes `&`, `<` and `>` in its JSON unless the call asks for `raw_json=1`. */
const escaped = (text: string, raw: boolean): string => (raw ? text : text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));

const slug = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);

export const permalinkOf = (post: Submission): string => `/r/${post.subreddit}/comments/${post.id}/${slug(post.title)}/`;

/** A submission as a listing's `t3` child. */
export function linkThing(post: Submission, raw: boolean): { kind: 't3'; data: Record<string, unknown> } {
  return {
    kind: 't3',
    data: {
      id: post.id,
      name: `t3_${post.id}`,
      author: post.author.name,
      author_fullname: `t2_${post.author.id}`,
      subreddit: post.subreddit,
      subreddit_name_prefixed: `r/${post.subreddit}`,
      title: escaped(post.title, raw),
      selftext: escaped(post.selftext, raw),
      is_self: post.kind === 'self',
      url: post.url ?? `https://www.reddit.com${permalinkOf(post)}`,
      permalink: permalinkOf(post),
      ...(post.kind === 'image' ? { post_hint: 'image', domain: 'i.redd.it' } : {}),
      link_flair_template_id: post.flairId ?? undefined,
      link_flair_text: post.flairText,
      send_replies: post.sendReplies,
      created_utc: post.created / 1000,
      ups: post.counts.ups,
      score: post.counts.ups,
      upvote_ratio: 1,
      num_comments: post.counts.num_comments,
      num_crossposts: post.counts.num_crossposts,
      removed_by_category: post.deleted ? 'deleted' : null,
      ...(post.deleted && { author: '[deleted]', selftext: '[deleted]' }),
    },
  };
}

/** A comment as a listing's (or a comment answer's) `t1` child. */
export function commentThing(comment: Comment, post: Submission | undefined, raw: boolean): { kind: 't1'; data: Record<string, unknown> } {
  return {
    kind: 't1',
    data: {
      id: comment.id,
      name: `t1_${comment.id}`,
      author: comment.author.name,
      body: escaped(comment.body, raw),
      link_id: comment.linkId,
      parent_id: comment.parentId,
      subreddit: comment.subreddit,
      permalink: post ? `${permalinkOf(post)}${comment.id}/` : `/comments/${comment.linkId.slice(3)}/_/${comment.id}/`,
      created_utc: comment.created / 1000,
      score: 1,
    },
  };
}

/** A listing of things, newest first, as `/user/{name}/submitted` and `/user/{name}/comments` answer. */
export function listing(children: unknown[]): Record<string, unknown> {
  return { kind: 'Listing', data: { after: null, dist: children.length, modhash: '', geo_filter: '', children, before: null } };
}
