import type { OAuthAppSettings } from '@app/config';
import { instagram } from '@app/platforms';
import { ProviderHttp } from '../http/provider-http';
import { tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { accessTokenWith, OAuthTokenEndpoint, OAuthTokens } from '../oauth/oauth-tokens';
import { ProcessingSettings } from '../processing/await-processing';
import { DeleteOutcome, DeleteRequest, FollowUp, MetricsOutcome, MetricsRequest, ProviderConnection, ProviderFailure, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { instagramFailure } from './instagram-errors';
import { InstagramGraph, okBody } from './instagram-graph';
import { JournalSteps, readJournal } from './instagram-journal';
import { exchangeCode, refreshLongLivedToken } from './instagram-login';
import { findComment } from './instagram-lookup';
import { readInstagramMetrics } from './instagram-metrics';
import { InstagramMessages, planPost } from './instagram-post-plan';
import { InstagramPublication } from './instagram-publication';

/** Where the token endpoint is unless `OAUTH_INSTAGRAM_TOKEN_URL` says. */
const DEFAULT_TOKEN_URL = 'https://api.instagram.com/oauth/access_token';

/**
 * How long before its expiry a long-lived token is refreshed. Instagram refreshes a token only
 * while it is valid (and once it is a day old), and the service refreshes it only when it
 * publishes: a week before expiry gives an account that publishes weekly a token that never lapses.
 */
const REFRESH_AHEAD_MS = 7 * 24 * 3600 * 1000;

/** The fields of `GET /me`. */
interface Me {
  id?: unknown;
  user_id?: unknown;
  username?: unknown;
  name?: unknown;
  profile_picture_url?: unknown;
}

/**
 * A professional Instagram account through the Instagram API with Instagram Login
 * (`graph.instagram.com`). Connected with the code of Business Login for Instagram (exchanged for
 * a long-lived token of 60 days, which Instagram refreshes itself, so it also stands as the
 * refresh token), or with an `access_token` sent directly; the account's id (`user_id` of `/me`)
 * and handle are kept in the settings.
 *
 * A post is published in steps, each journaled: containers made from the signed addresses of its
 * media (Instagram fetches them), processing awaited, `media_publish`, the permalink read
 * (InstagramPublication). A try made again resumes from the journal (`resume`), and a publish whose
 * answer was lost is found among the account's recent media. A version's second content item is
 * the post's first comment, by the same account. Instagram's API deletes no media for this login.
 * A post's figures are its counts and media insights (readInstagramMetrics).
 */
export class InstagramProvider implements PublishProvider {
  readonly name = 'instagram';
  readonly crashRecovery = 'resume';
  readonly urlField = null;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;

  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
    private readonly processing: ProcessingSettings,
  ) {
    this.endpoint = tokenEndpointOf('instagram', app, app.tokenUrl ?? DEFAULT_TOKEN_URL, 'body');
  }

  validate(_settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    return validateOAuthCredentials(credentials);
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const tokens = await this.firstTokens(credentials);
    if (!('access_token' in tokens)) return tokens;
    const answer = await new InstagramGraph(this.http, this.app.apiUrl, tokens.access_token).get('me', { fields: 'user_id,username,name,profile_picture_url' });
    const me = okBody<Me>(answer);
    const userId = typeof me?.user_id === 'string' ? me.user_id : me?.id;
    if (typeof userId !== 'string' || typeof me?.username !== 'string') return instagramFailure(answer);
    const name = typeof me.name === 'string' && me.name.trim() ? me.name.trim() : me.username;
    const avatarUrl = typeof me.profile_picture_url === 'string' ? me.profile_picture_url : null;
    return { kind: 'verified', account: { username: me.username, name, avatarUrl, settings: { ...settings, user_id: userId, username: me.username }, session: { ...tokens } } };
  }

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    const { connection, item, media, followUp } = request;
    const userId = accountIdOf(connection);
    if (typeof userId !== 'string') return userId;
    const { type } = instagram.readOptions(request.options ?? {});
    if (followUp && type === 'story') return { kind: 'rejected', message: InstagramMessages.storyTakesNoComment };
    if (followUp && media.length > 0) return { kind: 'rejected', message: InstagramMessages.commentTakesNoMedia };
    const plan = followUp ? null : planPost(type, media, item.body);
    if (plan && 'kind' in plan) return plan;
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const graph = new InstagramGraph(this.http, this.app.apiUrl, token);
    if (followUp) return this.comment(graph, request, followUp);
    const lookup = { caption: item.body, since: request.firstAttemptAt };
    return new InstagramPublication(graph, userId, request.progress, this.processing, lookup).publish(plan!);
  }

  delete(_request: DeleteRequest): Promise<DeleteOutcome> {
    return Promise.resolve({ kind: 'rejected', message: InstagramMessages.noDelete });
  }

  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    return readInstagramMetrics(new InstagramGraph(this.http, this.app.apiUrl, token), published.externalId);
  }

  /**
   * The account's first comment on the post (`POST /{media-id}/comments`). Journaled before it is
   * asked for: a try made again first looks for the account's comment with this text on the post.
   */
  private async comment(graph: InstagramGraph, { connection, item, progress }: PublishRequest, followUp: FollowUp): Promise<PublishOutcome> {
    const post = followUp.root.externalId;
    const published = (id: string): PublishOutcome => ({ kind: 'published', externalId: id, externalUrl: followUp.root.externalUrl });
    const username = String(connection.settings.username ?? '');
    if ((await readJournal(progress)).commentRequested) {
      const found = await findComment(graph, post, username, item.body);
      if (typeof found === 'string') return published(found);
      if (found !== null) return found;
    }
    await progress.record(JournalSteps.commentRequested());
    const answer = await graph.post(`${encodeURIComponent(post)}/comments`, { message: item.body });
    const id = okBody<{ id?: unknown }>(answer)?.id;
    // A lost answer waits: the try made again looks for the comment before it sends it again.
    return typeof id === 'string' ? published(id) : instagramFailure(answer);
  }

  private async firstTokens(credentials: Record<string, unknown>): Promise<OAuthTokens | ProviderFailure> {
    if (typeof credentials.access_token === 'string') {
      // Its expiry is not known: used as it is until Instagram refuses it.
      return { access_token: credentials.access_token, refresh_token: credentials.access_token, expires_at: null };
    }
    if ('kind' in this.endpoint) return this.endpoint;
    return exchangeCode(this.http, this.endpoint, this.app.apiUrl, String(credentials.code), String(credentials.redirect_uri));
  }

  /** The long-lived token, refreshed (under the account's lock) once it expires within REFRESH_AHEAD_MS. */
  private accessToken(connection: ProviderConnection): Promise<string | ProviderFailure> {
    return accessTokenWith(connection.session, (token) => refreshLongLivedToken(this.http, this.app.apiUrl, token), Date.now() + REFRESH_AHEAD_MS);
  }
}

function accountIdOf(connection: ProviderConnection): string | ProviderFailure {
  const id = connection.settings.user_id;
  return typeof id === 'string' && id ? id : { kind: 'reauthorize', message: 'The account does not name its Instagram account; connect it again.' };
}
