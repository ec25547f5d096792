import { ProviderConnection, ProviderFailure, PublishOutcome, PublishProgress } from '../publish-provider';
import { YouTubeCalls } from './youtube-calls';
import { youtubeFailure } from './youtube-errors';

/** The comment threads read back when looking for a comment a lost answer created: the newest, which it is among. */
const LOOKUP_THREADS = 100;

/** A comment thread as `commentThreads.list` and `.insert` answer it, for what is read of it. */
interface CommentThread {
  id?: string;
  snippet?: { topLevelComment?: { id?: string; snippet?: { textOriginal?: string; authorChannelId?: { value?: string } } } };
}

/** Where a comment is seen: its video's page, the comment highlighted. */
export const commentUrl = (videoId: string, commentId: string): string => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&lc=${encodeURIComponent(commentId)}`;

/**
 * The channel's first comment on its video (`commentThreads.insert`: a thread whose top-level
 * comment is the text). Whether it was asked for is journaled before it is: a try made again
 * after a lost answer or a crash first looks for it among the video's newest comment threads
 * (by the channel, with the same text, which `textOriginal` gives its author) and only comments
 * when it is not there.
 */
export class FirstComment {
  constructor(
    private readonly calls: YouTubeCalls,
    private readonly apiUrl: string,
  ) {}

  async publish(connection: ProviderConnection, progress: PublishProgress, videoId: string, text: string): Promise<PublishOutcome> {
    const channelId = String(connection.settings.channel_id ?? '');
    if ((await progress.read())?.comment_requested === true) {
      const earlier = await this.find(connection, channelId, videoId, text);
      if (earlier !== null) return earlier;
    }
    await progress.record({ comment_requested: true });
    const sent = await this.calls.send(connection, (token) => ({
      method: 'POST',
      url: `${this.apiUrl}/youtube/v3/commentThreads?part=snippet`,
      headers: { authorization: `Bearer ${token}` },
      json: { snippet: { videoId, topLevelComment: { snippet: { textOriginal: text } } } },
    }));
    if ('failure' in sent) return sent.failure;
    const id = sent.answer.kind === 'answer' && sent.answer.status === 200 ? (sent.answer.body as CommentThread | null)?.id : undefined;
    return typeof id === 'string' && id ? published(videoId, id) : youtubeFailure(sent.answer);
  }

  /** The channel's comment with this text among the video's newest threads: what a try whose answer was lost created; null when there is none. */
  private async find(connection: ProviderConnection, channelId: string, videoId: string, text: string): Promise<PublishOutcome | ProviderFailure | null> {
    const sent = await this.calls.send(connection, (token) => ({
      method: 'GET',
      url: `${this.apiUrl}/youtube/v3/commentThreads?part=snippet&videoId=${encodeURIComponent(videoId)}&order=time&maxResults=${LOOKUP_THREADS}`,
      headers: { authorization: `Bearer ${token}` },
    }));
    if ('failure' in sent) return sent.failure;
    if (sent.answer.kind !== 'answer' || sent.answer.status !== 200) return youtubeFailure(sent.answer);
    const threads = (sent.answer.body as { items?: CommentThread[] } | null)?.items ?? [];
    const found = threads.find(({ snippet }) => snippet?.topLevelComment?.snippet?.authorChannelId?.value === channelId && snippet.topLevelComment.snippet.textOriginal === text);
    return found?.id ? published(videoId, found.id) : null;
  }
}

const published = (videoId: string, commentId: string): PublishOutcome => ({ kind: 'published', externalId: commentId, externalUrl: commentUrl(videoId, commentId) });
