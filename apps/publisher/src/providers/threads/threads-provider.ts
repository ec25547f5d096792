import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../http/provider-http';
import { tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { accessTokenWith, OAuthTokenEndpoint, OAuthTokens } from '../oauth/oauth-tokens';
import { awaitProcessing, ProcessingSettings } from '../processing/await-processing';
import { isMissingObject } from '../graph-api/graph-error';
import { insightValues } from '../graph-api/graph-insights';
import { figuresRead, postGone } from '../metrics/post-figures';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, ProviderConnection, ProviderFailure, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { ContainerState, ThreadsApi, ThreadsMessages } from './threads-api';
import { carouselItemParams, isCarousel, mediaRefusal, postParams, readProgress, ThreadsProgress } from './threads-containers';
import { threadsFailure } from './threads-errors';
import { refreshLongLived, tokensOfCode } from './threads-tokens';

/** The token endpoint when the app's settings name none (Threads' own). */
const DEFAULT_TOKEN_URL = 'https://graph.threads.net/oauth/access_token';

/** The media insights of a post that the product has names for (Threads' `shares` are sends, not reposts: left out). */
const INSIGHTS = ['views', 'likes', 'replies', 'reposts', 'quotes'] as const;

/** The name awaitProcessing gives the platform in its messages. */
const PLATFORM = 'Threads';

/**
 * Threads profiles (Threads API) with the user's long-lived token: from the code of an
 * authorization (exchanged, then made long-lived: 60 days) or sent directly as `access_token`.
 * A token from a code is refreshed before it expires (`th_refresh_token`, under the account's lock).
 *
 * A content item is published in steps: its media container (`POST /{user-id}/threads`: TEXT, an
 * IMAGE or VIDEO Threads fetches from the file's signed address, or a CAROUSEL of 2 to 20 item
 * containers), its processing (the container's status polled until FINISHED, within the processing
 * timeout), then `threads_publish`, and the post's permalink. Each item after the first is a reply
 * to the one before it (`reply_to_id`): a thread. Before a thread's first post the profile's
 * publishing quota (250 posts in 24 hours) is read: used up, the attempt waits.
 *
 * Each step is journaled before it is taken (`resume`): a try made again after a lost answer or a
 * crash goes on from the containers it created; once `threads_publish` was asked, the container's
 * status tells whether it was published, and a published one is found among the profile's posts
 * (a reply: its replies) since the first attempt, never published twice. A post's figures are
 * its media insights (`GET /{media-id}/insights`, permission `threads_manage_insights`).
 */
export class ThreadsProvider implements PublishProvider {
  readonly name = 'threads';
  readonly crashRecovery = 'resume';
  readonly urlField = null;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;

  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
    private readonly processing: ProcessingSettings,
  ) {
    this.endpoint = tokenEndpointOf('threads', app, app.tokenUrl ?? DEFAULT_TOKEN_URL, 'body');
  }

  validate(_settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    return validateOAuthCredentials(credentials);
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const tokens = await this.firstTokens(credentials);
    if (!('access_token' in tokens)) return tokens;
    const answer = await this.http.send({ method: 'GET', url: `${this.app.apiUrl}/me?fields=id,username,name,threads_profile_picture_url`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    if (answer.kind !== 'answer' || answer.status !== 200) return threadsFailure(answer);
    const user = answer.body as { id: string; username?: string; name?: string; threads_profile_picture_url?: unknown };
    const username = user.username ?? null;
    return {
      kind: 'verified',
      account: {
        username,
        name: user.name?.trim() || username || user.id,
        avatarUrl: typeof user.threads_profile_picture_url === 'string' ? user.threads_profile_picture_url : null,
        settings: { ...settings, user_id: user.id },
        session: { ...tokens },
      },
    };
  }

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    const { connection, media } = request;
    const userId = connection.settings.user_id;
    if (typeof userId !== 'string' || !userId) return { kind: 'reauthorize', message: 'The account does not name its Threads profile; connect it again.' };
    const refusal = mediaRefusal(media);
    if (refusal) return { kind: 'rejected', message: refusal };
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const api = new ThreadsApi(this.http, this.app.apiUrl, token, userId);
    const progress = readProgress(await request.progress.read());
    if (progress.published_id) return published(api, progress.published_id);

    const container = progress.container_id ?? (await this.createContainers(api, request, progress));
    if (typeof container !== 'string') return container;
    const state = await this.processed(api, container, progress);
    if (typeof state !== 'string') return state;
    if (state === 'published') return this.findLostPost(api, request);
    await request.progress.record({ publish_requested: true });
    const postId = await api.publish(container);
    if (typeof postId !== 'string') return postId;
    await request.progress.record({ published_id: postId });
    return published(api, postId);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const failure = await new ThreadsApi(this.http, this.app.apiUrl, token, String(connection.settings.user_id)).deletePost(externalId);
    return failure ?? { kind: 'deleted' };
  }

  /** The post's views, likes, replies, reposts and quotes, as its insights count them. */
  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const answer = await new ThreadsApi(this.http, this.app.apiUrl, token, String(connection.settings.user_id)).insights(published.externalId, INSIGHTS);
    if (isMissingObject(answer)) return postGone(PLATFORM);
    if (answer.kind !== 'answer' || answer.status !== 200) return threadsFailure(answer);
    const values = insightValues(answer.body);
    return figuresRead(Object.fromEntries(INSIGHTS.map((name) => [name, values[name]])));
  }

  /** The tokens given, or those of the code of an authorization. */
  private async firstTokens(credentials: Record<string, unknown>): Promise<OAuthTokens | ProviderFailure> {
    // Sent directly: used as given (its expiry is not known here, so it is not refreshed).
    if (typeof credentials.access_token === 'string') return { access_token: credentials.access_token, refresh_token: null, expires_at: null };
    if ('kind' in this.endpoint) return this.endpoint;
    return tokensOfCode(this.http, this.endpoint, this.app.apiUrl, { code: String(credentials.code), redirectUri: String(credentials.redirect_uri) });
  }

  /** The account's token, refreshed first when it expires soon (Threads refreshes the token itself: no app credentials needed). */
  private accessToken(connection: ProviderConnection): Promise<string | ProviderFailure> {
    return accessTokenWith(connection.session, (token) => refreshLongLived(this.http, this.app.apiUrl, token));
  }

  /**
   * The item's container, created with its carousel items first when it has several media; each
   * id journaled once created. The quota is read before a thread's first post is begun.
   */
  private async createContainers(api: ThreadsApi, { item, media, followUp, progress }: PublishRequest, journaled: ThreadsProgress): Promise<string | ProviderFailure> {
    if (!followUp) {
      const quota = await api.quotaRefusal();
      if (quota) return quota;
    }
    if (journaled.processing_started_at === undefined) {
      journaled.processing_started_at = Date.now();
      await progress.record({ processing_started_at: journaled.processing_started_at });
    }
    const children = [...(journaled.children ?? [])];
    if (isCarousel(media)) {
      for (const file of media.slice(children.length)) {
        const child = await api.createContainer(carouselItemParams(file));
        if (typeof child !== 'string') return child;
        children.push(child);
        await progress.record({ children });
      }
      for (const child of children) {
        const ready = await this.processed(api, child, journaled);
        if (typeof ready !== 'string') return ready;
      }
    }
    const container = await api.createContainer(postParams(item.body, media, children, followUp?.parent.externalId ?? null));
    if (typeof container !== 'string') return container;
    await progress.record({ container_id: container });
    return container;
  }

  /** The container once Threads has processed it, within the processing timeout counted from the journaled start. */
  private processed(api: ThreadsApi, container: string, journaled: ThreadsProgress): Promise<ContainerState | ProviderFailure> {
    return awaitProcessing(PLATFORM, () => api.containerState(container), journaled.processing_started_at ?? Date.now(), this.processing);
  }

  /** The post of a container Threads says it published (a `threads_publish` whose answer was lost), found among the profile's posts. */
  private async findLostPost(api: ThreadsApi, { item, followUp, firstAttemptAt, progress }: PublishRequest): Promise<PublishOutcome> {
    const found = await api.findPublished(item.body, followUp?.parent.externalId ?? null, firstAttemptAt);
    if (found === null) return { kind: 'retry_later', message: ThreadsMessages.notListedYet, retryAfterMs: this.processing.intervalMs };
    if ('kind' in found) return found;
    await progress.record({ published_id: found.id });
    return { kind: 'published', externalId: found.id, externalUrl: found.permalink };
  }
}

/** The published post, with its permalink as its address. */
async function published(api: ThreadsApi, postId: string): Promise<PublishOutcome> {
  const permalink = await api.permalinkOf(postId);
  if (permalink !== null && typeof permalink !== 'string') return permalink;
  return { kind: 'published', externalId: postId, externalUrl: permalink };
}
