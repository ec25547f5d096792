import type { OAuthAppSettings } from '@app/config';
import { HttpAnswer, ProviderHttp } from '../http/provider-http';
import { mediaBlob, mediaFileName } from '../media-file-name';
import { firstTokens, tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { currentAccessToken, OAuthTokenEndpoint } from '../oauth/oauth-tokens';
import { figuresRead, postGone } from '../metrics/post-figures';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, ProviderConnection, ProviderFailure, PublishMedia, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { isDuplicateRefusal, xFailure, xMessage } from './x-errors';

/**
 * How long before the first attempt a post found by the lookup may have been created (the clocks of
 * X and of this service differ a little). Kept short: an earlier post of the same text (another
 * post of ours, a minute before) must stay a refusal, not be taken for this one.
 */
const LOOKUP_MARGIN_MS = 5_000;

/**
 * X (API v2) with a user's OAuth 2 tokens (authorization code with PKCE), refreshed before they
 * expire. X takes no idempotency key, but refuses a text the account has just posted: a publish
 * made again after a lost answer or a crash gets that refusal, and the provider then finds the
 * post the first try created among the account's posts since the first attempt (`lookup`).
 * Images are uploaded first (`POST /2/media/upload`) and attached by id. The content items after
 * the first are a thread: each a post replying to the one before (`reply.in_reply_to_tweet_id`).
 * A post's figures are its `public_metrics` (`GET /2/tweets/:id`).
 */
export class XProvider implements PublishProvider {
  readonly name = 'x';
  readonly crashRecovery = 'lookup';
  readonly urlField = null;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;

  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
  ) {
    this.endpoint = tokenEndpointOf('x', app, `${app.apiUrl}/2/oauth2/token`, 'basic');
  }

  validate(_settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    return validateOAuthCredentials(credentials);
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const tokens = await firstTokens(this.http, this.endpoint, credentials);
    if (!('access_token' in tokens)) return tokens;
    const answer = await this.http.send({ method: 'GET', url: `${this.app.apiUrl}/2/users/me?user.fields=profile_image_url`, headers: bearer(tokens.access_token) });
    if (answer.kind !== 'answer' || answer.status !== 200) return xFailure(answer);
    const user = (answer.body as { data: { id: string; name?: string; username: string; profile_image_url?: unknown } }).data;
    return {
      kind: 'verified',
      account: {
        username: user.username,
        name: user.name?.trim() || user.username,
        avatarUrl: typeof user.profile_image_url === 'string' ? user.profile_image_url : null,
        settings: { ...settings, user_id: user.id },
        session: { ...tokens },
      },
    };
  }

  async publish({ connection, item, followUp, media, firstAttemptAt }: PublishRequest): Promise<PublishOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const mediaIds: string[] = [];
    for (const file of media) {
      const uploaded = await this.upload(token, file);
      if (typeof uploaded !== 'string') return uploaded;
      mediaIds.push(uploaded);
    }
    const text = item.body;
    const answer = await this.http.send({
      method: 'POST',
      url: `${this.app.apiUrl}/2/tweets`,
      headers: bearer(token),
      json: {
        text,
        ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
        ...(followUp ? { reply: { in_reply_to_tweet_id: followUp.parent.externalId } } : {}),
      },
    });
    if (answer.kind === 'answer' && answer.status === 201) return this.published(connection, (answer.body as { data: { id: string } }).data.id);
    if (isDuplicateRefusal(answer)) return (await this.findEarlier(connection, token, text, firstAttemptAt)) ?? xFailure(answer);
    return xFailure(answer);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const answer = await this.http.send({ method: 'DELETE', url: `${this.app.apiUrl}/2/tweets/${encodeURIComponent(externalId)}`, headers: bearer(token) });
    // 404: already gone.
    if (answer.kind === 'answer' && (answer.status === 200 || answer.status === 404)) return { kind: 'deleted' };
    return xFailure(answer);
  }

  /**
   * The post's `public_metrics`: impressions, likes, replies, reposts, quotes and bookmarks (saves).
   * X answers a post it no longer has with 200, no `data`, and a resource-not-found error.
   */
  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const answer = await this.http.send({ method: 'GET', url: `${this.app.apiUrl}/2/tweets/${encodeURIComponent(published.externalId)}?tweet.fields=public_metrics`, headers: bearer(token) });
    if (answer.kind !== 'answer' || answer.status !== 200) return xFailure(answer);
    const { data, errors } = answer.body as { data?: { public_metrics?: Record<string, unknown> }; errors?: Array<{ type?: unknown }> };
    if (!data) return errors?.some((error) => String(error.type).endsWith('/resource-not-found')) ? postGone('X') : { kind: 'rejected', message: xMessage(answer) };
    const counts = data.public_metrics ?? {};
    return figuresRead({
      impressions: counts.impression_count,
      likes: counts.like_count,
      replies: counts.reply_count,
      reposts: counts.retweet_count,
      quotes: counts.quote_count,
      saves: counts.bookmark_count,
    });
  }

  private accessToken(connection: ProviderConnection): Promise<string | ProviderFailure> {
    return currentAccessToken(this.http, this.endpoint, connection.session);
  }

  private async upload(token: string, file: PublishMedia): Promise<string | ProviderFailure> {
    const form = new FormData();
    form.append('media', await mediaBlob(file), mediaFileName(file));
    form.append('media_category', 'tweet_image');
    const answer: HttpAnswer = await this.http.send({ method: 'POST', url: `${this.app.apiUrl}/2/media/upload`, headers: bearer(token), form });
    if (answer.kind === 'answer' && answer.status === 200) return String((answer.body as { data: { id: string } }).data.id);
    return xFailure(answer);
  }

  /** The account's post with this text created since the first attempt: what a try whose answer was lost created. */
  private async findEarlier(connection: ProviderConnection, token: string, text: string, since: Date): Promise<PublishOutcome | null> {
    const userId = encodeURIComponent(String(connection.settings.user_id));
    const startTime = new Date(since.getTime() - LOOKUP_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const answer = await this.http.send({ method: 'GET', url: `${this.app.apiUrl}/2/users/${userId}/tweets?max_results=100&start_time=${startTime}`, headers: bearer(token) });
    if (answer.kind !== 'answer' || answer.status !== 200) return xFailure(answer);
    const found = ((answer.body as { data?: Array<{ id: string; text: string }> }).data ?? []).find((post) => post.text === text);
    return found ? this.published(connection, found.id) : null;
  }

  private published(connection: ProviderConnection, id: string): PublishOutcome {
    return { kind: 'published', externalId: id, externalUrl: `https://x.com/i/web/status/${id}` };
  }
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
