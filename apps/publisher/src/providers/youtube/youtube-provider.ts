import type { OAuthAppSettings } from '@app/config';
import { youtube } from '@app/platforms';
import { ProviderHttp } from '../http/provider-http';
import { firstTokens, tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { OAuthTokenEndpoint, OAuthTokens, refreshTokens } from '../oauth/oauth-tokens';
import { awaitProcessing, ProcessingCheck, ProcessingSettings } from '../processing/await-processing';
import { figuresRead, postGone } from '../metrics/post-figures';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, ProviderConnection, ProviderFailure, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { YouTubeCalls } from './youtube-calls';
import { FirstComment } from './youtube-comment';
import { youtubeFailure } from './youtube-errors';
import { DEFAULT_CHUNK_BYTES, ResumableUpload, VideoJournal, VideoMetadata } from './youtube-upload';

/** Google's token endpoint, when the configuration names none. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** YouTube's video ids are 11 characters; comment ids are longer. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export const YouTubeMessages = {
  noChannel: 'This Google account has no YouTube channel: create one on YouTube, then connect the account again.',
  noTitle: 'A YouTube video needs a title (options.youtube.title).',
  oneVideo: (count: number) => `A YouTube post is exactly one video; this item has ${count} media files.`,
  notAVideo: (type: string) => `A YouTube post is a video; this item's file is ${type}.`,
  commentMedia: 'A YouTube comment is text only; this item has media.',
  processingFailed: (reason: string) => `YouTube could not process the video: ${reason}.`,
  processingRejected: (reason: string) => `YouTube rejected the video: ${reason}.`,
  goneWhileProcessing: 'The video is no longer on YouTube: it was deleted while YouTube processed it.',
} as const;

/** A video's status as `videos.list` answers it with `part=status,processingDetails`. */
interface VideoStatus {
  status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string };
  processingDetails?: { processingStatus?: string };
}

/**
 * A YouTube channel (Data API v3) with the OAuth 2 tokens of its Google account (authorization code
 * with PKCE, or tokens sent directly), refreshed before they expire and once when Google refuses
 * one before its time. A post is one video: its title, privacy and tags from the version's
 * options, its description the item's text, sent through a resumable upload (ResumableUpload)
 * and waited for until YouTube has processed it. The second content item is the channel's first
 * comment on it (FirstComment). Every step is journaled before it is taken, so a try made again
 * after a lost answer, a wait or a crash resumes the upload, the processing or the comment: never
 * a second video (`resume`). A video's figures are its statistics (`videos.list`, `part=statistics`).
 */
export class YouTubeProvider implements PublishProvider {
  readonly name = 'youtube';
  readonly crashRecovery = 'resume';
  readonly urlField = null;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;
  private readonly calls: YouTubeCalls;
  private readonly upload: ResumableUpload;
  private readonly comment: FirstComment;

  /** `chunkBytes`: what one PUT of an upload sends, a multiple of 256 KiB (Google's unit). */
  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
    private readonly processing: ProcessingSettings,
    chunkBytes = DEFAULT_CHUNK_BYTES,
  ) {
    this.endpoint = tokenEndpointOf('youtube', app, app.tokenUrl ?? GOOGLE_TOKEN_URL, 'body');
    this.calls = new YouTubeCalls(http, this.endpoint);
    this.upload = new ResumableUpload(this.calls, app.apiUrl, chunkBytes);
    this.comment = new FirstComment(this.calls, app.apiUrl);
  }

  /** A code of an authorization, or tokens sent directly: both of them, since Google's access tokens last an hour. */
  validate(_settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    const errors = validateOAuthCredentials(credentials);
    if (credentials.access_token !== undefined && (credentials.refresh_token === undefined || credentials.refresh_token === null || credentials.refresh_token === '')) {
      errors['credentials.refresh_token'] = ['The credentials.refresh_token field is required.'];
    }
    return errors;
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    let tokens = await firstTokens(this.http, this.endpoint, credentials);
    if (!('access_token' in tokens)) return tokens;
    const ownChannel = (token: string) => this.http.send({ method: 'GET', url: `${this.app.apiUrl}/youtube/v3/channels?part=snippet&mine=true`, headers: bearer(token) });
    let answer = await ownChannel(tokens.access_token);
    // An access token sent directly may have expired (they last an hour): its refresh token gives a new one.
    if (answer.kind === 'answer' && answer.status === 401 && tokens.refresh_token && !('kind' in this.endpoint)) {
      const refreshed: OAuthTokens | ProviderFailure = await refreshTokens(this.http, this.endpoint, tokens.refresh_token);
      if (!('access_token' in refreshed)) return refreshed;
      tokens = refreshed;
      answer = await ownChannel(tokens.access_token);
    }
    if (answer.kind !== 'answer' || answer.status !== 200) return youtubeFailure(answer);
    const channel = (answer.body as { items?: Array<{ id: string; snippet?: { title?: string; customUrl?: string; thumbnails?: { default?: { url?: unknown } } } }> }).items?.[0];
    if (!channel) return { kind: 'rejected', message: YouTubeMessages.noChannel };
    const name = channel.snippet?.title?.trim() || channel.id;
    const picture = channel.snippet?.thumbnails?.default?.url;
    const avatarUrl = typeof picture === 'string' ? picture : null;
    return { kind: 'verified', account: { username: channel.snippet?.customUrl ?? null, name, avatarUrl, settings: { ...settings, channel_id: channel.id }, session: { ...tokens } } };
  }

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    const { connection, followUp, media, item, progress } = request;
    if (followUp) return media.length > 0 ? { kind: 'rejected', message: YouTubeMessages.commentMedia } : this.comment.publish(connection, progress, followUp.root.externalId, item.body);
    const options = youtube.readOptions(request.options ?? {});
    if (!options.title) return { kind: 'rejected', message: YouTubeMessages.noTitle };
    if (media.length !== 1) return { kind: 'rejected', message: YouTubeMessages.oneVideo(media.length) };
    if (!media[0].mimeType.startsWith('video/')) return { kind: 'rejected', message: YouTubeMessages.notAVideo(media[0].mimeType) };
    const journal = ((await progress.read()) ?? {}) as VideoJournal;
    let { video_id: videoId, processing_started_at: startedAt } = journal;
    if (!videoId) {
      const metadata: VideoMetadata = { snippet: { title: options.title, description: item.body, ...(options.tags.length > 0 && { tags: options.tags }) }, status: { privacyStatus: options.privacy } };
      const uploaded = await this.upload.upload(connection, progress, journal, media[0], metadata);
      if (typeof uploaded !== 'string') return uploaded;
      videoId = uploaded;
      startedAt = Date.now();
      await progress.record({ video_id: videoId, processing_started_at: startedAt });
    }
    const id = videoId;
    const processed = await awaitProcessing('YouTube', () => this.processingOf(connection, id), startedAt ?? Date.now(), this.processing);
    if (processed !== true) return processed;
    return { kind: 'published', externalId: id, externalUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` };
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const resource = VIDEO_ID.test(externalId) ? 'videos' : 'comments';
    const sent = await this.calls.send(connection, (token) => ({ method: 'DELETE', url: `${this.app.apiUrl}/youtube/v3/${resource}?id=${encodeURIComponent(externalId)}`, headers: bearer(token) }));
    if ('failure' in sent) return sent.failure;
    // 404: already gone.
    if (sent.answer.kind === 'answer' && [200, 204, 404].includes(sent.answer.status)) return { kind: 'deleted' };
    return youtubeFailure(sent.answer);
  }

  /**
   * The video's views, likes and comments (replies) as its statistics count them; a like count the
   * owner hides is left out. A video `videos.list` no longer lists is gone.
   */
  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const sent = await this.calls.send(connection, (token) => ({
      method: 'GET',
      url: `${this.app.apiUrl}/youtube/v3/videos?part=statistics&id=${encodeURIComponent(published.externalId)}`,
      headers: bearer(token),
    }));
    if ('failure' in sent) return sent.failure;
    const { answer } = sent;
    if (answer.kind !== 'answer' || answer.status !== 200) return youtubeFailure(answer);
    const video = (answer.body as { items?: Array<{ statistics?: Record<string, unknown> }> } | null)?.items?.[0];
    if (!video) return postGone('YouTube');
    const statistics = video.statistics ?? {};
    return figuresRead({ views: statistics.viewCount, likes: statistics.likeCount, replies: statistics.commentCount });
  }

  /** Where YouTube is with the video: processed, still processing, or failed or rejected with its reason. */
  private async processingOf(connection: ProviderConnection, videoId: string): Promise<ProcessingCheck<true>> {
    const sent = await this.calls.send(connection, (token) => ({
      method: 'GET',
      url: `${this.app.apiUrl}/youtube/v3/videos?part=status,processingDetails&id=${encodeURIComponent(videoId)}`,
      headers: bearer(token),
    }));
    if ('failure' in sent) return sent.failure;
    const { answer } = sent;
    if (answer.kind !== 'answer' || answer.status !== 200) return youtubeFailure(answer);
    const video = (answer.body as { items?: VideoStatus[] } | null)?.items?.[0];
    if (!video) return { kind: 'rejected', message: YouTubeMessages.goneWhileProcessing };
    const status = video.status ?? {};
    switch (status.uploadStatus) {
      case 'processed':
        return { kind: 'done', value: true };
      case 'failed':
        return { kind: 'rejected', message: YouTubeMessages.processingFailed(status.failureReason ?? 'unknown') };
      case 'rejected':
        return { kind: 'rejected', message: YouTubeMessages.processingRejected(status.rejectionReason ?? 'unknown') };
      case 'deleted':
        return { kind: 'rejected', message: YouTubeMessages.goneWhileProcessing };
      default:
        return { kind: 'processing', status: video.processingDetails?.processingStatus ?? status.uploadStatus ?? 'unknown' };
    }
  }
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

