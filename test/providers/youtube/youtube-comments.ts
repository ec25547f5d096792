import { randomBytes } from 'node:crypto';
import { Answer, etag, googleError, listOf } from './google-answers';

/** A top-level comment (its thread has the same id), as YouTube keeps it. */
export interface StoredComment {
  id: string;
  videoId: string;
  /** The channel that wrote it. */
  authorChannelId: string;
  authorDisplayName: string;
  text: string;
  publishedAt: string;
}

/** What the comments need of the rest of the server: the video a comment is on, and its owner. */
export interface CommentsContext {
  videoOwner(videoId: string): string | null;
}

/** YouTube's limit of a comment's text, in characters. */
export const COMMENT_MAX_CHARACTERS = 10_000;

const DOMAIN = 'youtube.commentThread';

/**
 * `commentThreads.insert`, `commentThreads.list` (by `videoId`, newest first) and `comments.delete`
 * of the Data API, as its reference documents them: a thread is created with
 * `snippet.videoId` and `snippet.topLevelComment.snippet.textOriginal` (200, the thread with its
 * top-level comment); comments the test turned off for a video are refused with 403
 * `commentsDisabled`; a missing video is 404 `videoNotFound`. `textOriginal` is returned to its author only.
 */
export class YouTubeComments {
  readonly comments: StoredComment[] = [];
  private readonly disabled = new Set<string>();

  constructor(private readonly context: CommentsContext) {}

  /** The video's owner turned its comments off. */
  disableComments(videoId: string): void {
    this.disabled.add(videoId);
  }

  insert(author: { channelId: string; title: string }, body: Buffer): Answer {
    const sent = JSON.parse(body.toString() || '{}') as { snippet?: { videoId?: unknown; topLevelComment?: { snippet?: { textOriginal?: unknown } } } };
    const videoId = sent.snippet?.videoId;
    const text = sent.snippet?.topLevelComment?.snippet?.textOriginal;
    if (typeof videoId !== 'string' || !videoId) return googleError(400, 'channelOrVideoIdMissing', 'The comment thread must be linked to either a channel or a video.', DOMAIN);
    if (this.context.videoOwner(videoId) === null) return googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.', DOMAIN);
    if (this.disabled.has(videoId)) return googleError(403, 'commentsDisabled', 'The video identified by the videoId parameter has disabled comments.', DOMAIN);
    if (typeof text !== 'string' || text.trim() === '') return googleError(400, 'commentTextRequired', 'The comment resource that is being inserted must specify a value for the snippet.topLevelComment.snippet.textOriginal property.', DOMAIN);
    if ([...text].length > COMMENT_MAX_CHARACTERS) return googleError(400, 'commentTextTooLong', 'The comment resource that is being inserted or updated contains too many characters in the textOriginal property.', DOMAIN);
    const comment: StoredComment = { id: `Ugz${randomBytes(18).toString('base64url')}`, videoId, authorChannelId: author.channelId, authorDisplayName: author.title, text, publishedAt: new Date().toISOString() };
    this.comments.push(comment);
    return { status: 200, body: this.threadOf(comment, author.channelId) };
  }

  list(reader: string, url: URL): Answer {
    const videoId = url.searchParams.get('videoId') ?? '';
    if (this.context.videoOwner(videoId) === null) return googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.', DOMAIN);
    const most = Number(url.searchParams.get('maxResults') ?? 20);
    const threads = this.comments.filter((comment) => comment.videoId === videoId).reverse().slice(0, most);
    return listOf('commentThread', threads.map((comment) => this.threadOf(comment, reader)));
  }

  remove(channelId: string, url: URL): Answer {
    const comment = this.comments.find((candidate) => candidate.id === url.searchParams.get('id'));
    if (!comment) return googleError(404, 'commentNotFound', 'The comment identified by the id parameter could not be found.', 'youtube.comment');
    if (comment.authorChannelId !== channelId) return googleError(403, 'forbidden', 'The comment could not be deleted due to insufficient permissions.', 'youtube.comment');
    this.comments.splice(this.comments.indexOf(comment), 1);
    return { status: 204 };
  }

  private threadOf(comment: StoredComment, reader: string): Record<string, unknown> {
    const snippet = {
      channelId: this.context.videoOwner(comment.videoId),
      videoId: comment.videoId,
      textDisplay: comment.text,
      ...(reader === comment.authorChannelId && { textOriginal: comment.text }),
      authorDisplayName: comment.authorDisplayName,
      authorChannelId: { value: comment.authorChannelId },
      canRate: true,
      viewerRating: 'none',
      likeCount: 0,
      publishedAt: comment.publishedAt,
      updatedAt: comment.publishedAt,
    };
    return {
      kind: 'youtube#commentThread',
      etag: etag(),
      id: comment.id,
      snippet: { channelId: snippet.channelId, videoId: comment.videoId, topLevelComment: { kind: 'youtube#comment', etag: etag(), id: comment.id, snippet }, canReply: true, totalReplyCount: 0, isPublic: true },
    };
  }
}
