import type { OAuthAppSettings } from '@app/config';
import { PostMessages } from '@app/domain';
import { tiktok } from '@app/platforms';
import { ProviderHttp } from '../http/provider-http';
import { firstTokens, tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { accessTokenOf, accessTokenWith, OAuthTokenEndpoint } from '../oauth/oauth-tokens';
import { ProcessingSettings } from '../processing/await-processing';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, ProviderConnection, ProviderFailure, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { readAccount } from './tiktok-account';
import { TikTokMessages } from './tiktok-errors';
import { readTikTokMetrics } from './tiktok-metrics';
import { photoStepsOf, postPhotos, resumePhotos } from './tiktok-photos';
import { postSettingsFor, queryCreator, TikTokCall, tiktokMediaOf, TikTokPostSettings } from './tiktok-post';
import { postVideo, resumeVideo, TIKTOK_CHUNK_BYTES, videoStepsOf } from './tiktok-video';

/** A post ready to be sent: its settings for the creator, and the creator's handle for its address. */
interface PreparedPost {
  settings: TikTokPostSettings;
  username: string | null;
}

/**
 * TikTok (Content Posting API, direct post) with a creator's OAuth 2 tokens (Login Kit: the app's
 * `client_key` and secret in the token request's form), refreshed before they expire; TikTok may
 * answer a refresh with a new refresh token, which is kept (else the one before stays).
 *
 * A post is one video or up to 35 photos with the text as its caption, at the privacy level the
 * version's options choose (`privacy_level`, `disable_comment`). Before each post the creator info
 * is queried, as TikTok asks: a creator who cannot post now is refused with TikTok's reason, and a
 * privacy level the account no longer offers is refused too. A video is sent in chunks to the
 * upload URL its init gives; photos are fetched by TikTok from their signed addresses. TikTok then
 * processes the post, polled until it is complete: its public id makes its address.
 *
 * Each step is journaled (`resume`): a try made again after a crash or a wait goes on with the
 * publish it began (never a second init once one was answered), from the chunk TikTok has not got.
 * The API offers no deletion. A public post's figures are read with the Display API (readTikTokMetrics).
 */
export class TikTokProvider implements PublishProvider {
  readonly name = 'tiktok';
  readonly crashRecovery = 'resume';
  readonly urlField = null;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;

  /** `chunkBytes`: the size of a video's chunks (TikTok takes 5 MB to 64 MB; see TIKTOK_CHUNK_BYTES). */
  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
    private readonly processing: ProcessingSettings,
    private readonly chunkBytes = TIKTOK_CHUNK_BYTES,
  ) {
    const endpoint = tokenEndpointOf('tiktok', app, app.tokenUrl ?? `${app.apiUrl}/v2/oauth/token/`, 'body');
    this.endpoint = 'kind' in endpoint ? endpoint : { ...endpoint, clientIdField: 'client_key' };
  }

  validate(_settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    return validateOAuthCredentials(credentials);
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const tokens = await firstTokens(this.http, this.endpoint, credentials);
    if (!('access_token' in tokens)) return tokens;
    return readAccount(this.callWith(tokens.access_token), settings, tokens);
  }

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    if (request.followUp) return { kind: 'rejected', message: PostMessages.oneItemOnly(this.name) };
    const media = tiktokMediaOf(request.media);
    if (media.kind === 'rejected') return media;
    const token = await this.accessToken(request.connection);
    if (typeof token !== 'string') return token;
    const call = this.callWith(token);
    const text = request.item.body;
    const { progress } = request;
    const journaled = await progress.read();
    if (media.kind === 'video') {
      const publish = { text, video: media.video, progress, processing: this.processing };
      const steps = videoStepsOf(journaled);
      if (steps) return resumeVideo(call, publish, steps);
      const prepared = await this.prepare(call, request);
      return 'kind' in prepared ? prepared : postVideo(call, publish, prepared.settings, prepared.username, this.chunkBytes);
    }
    const publish = { text, photos: media.photos, progress, processing: this.processing };
    const steps = photoStepsOf(journaled);
    if (steps) return resumePhotos(call, publish, steps);
    const prepared = await this.prepare(call, request);
    return 'kind' in prepared ? prepared : postPhotos(call, publish, prepared.settings, prepared.username);
  }

  async delete(_request: DeleteRequest): Promise<DeleteOutcome> {
    return { kind: 'rejected', message: TikTokMessages.noDeletion };
  }

  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    return readTikTokMetrics(this.callWith(token), published.externalId);
  }

  /** The creator as TikTok describes them now, and the post's settings for them (or why they cannot post it). */
  private async prepare(call: TikTokCall, request: PublishRequest): Promise<PreparedPost | ProviderFailure> {
    const creator = await queryCreator(call);
    if ('kind' in creator) return creator;
    const settings = postSettingsFor(creator, tiktok.readOptions(request.options ?? {}));
    if ('kind' in settings) return settings;
    return { settings, username: creator.creator_username || request.account.username };
  }

  private callWith(token: string): TikTokCall {
    return { http: this.http, apiUrl: this.app.apiUrl, token };
  }

  /** The creator's access token, refreshed first when it is about to expire; without the app's credentials no refresh is possible, and one due says why. */
  private accessToken(connection: ProviderConnection): Promise<string | ProviderFailure> {
    const endpoint = this.endpoint;
    if ('kind' in endpoint) return accessTokenWith(connection.session, async () => endpoint);
    return accessTokenOf(this.http, endpoint, connection.session);
  }
}
