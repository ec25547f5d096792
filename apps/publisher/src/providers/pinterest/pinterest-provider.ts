import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../http/provider-http';
import { firstTokens, tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { OAuthTokenEndpoint } from '../oauth/oauth-tokens';
import { ProcessingSettings } from '../processing/await-processing';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, ProviderFailure, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { PinterestApi } from './pinterest-api';
import { isFailure, pinterestFailure } from './pinterest-errors';
import { readPinterestMetrics } from './pinterest-metrics';
import { earlierPin, imagesSource, ListedPin, pinBody, PinMedia, pinMediaOf, PinPlacement, pinPlacementOf, publishedPin, videoSource } from './pinterest-pin';
import { processedVideo, videoStepsOf } from './pinterest-video';

/** How many of the board's newest pins the lookup after a lost answer reads. */
const LOOKUP_PAGE_SIZE = 100;

/**
 * Pinterest (API v5) with a user's OAuth 2 tokens (authorization code; the app in HTTP Basic),
 * refreshed before they expire, continuously (each refresh gives a new refresh token, kept). A
 * version's one content item is a pin on a board (the version's `options.pinterest.board_id`, else
 * the account's `settings.board_id`), its text the description, with the options' title and link.
 *
 * Images are fetched by Pinterest from their signed addresses (`image_url`; 2 to 5 as a carousel,
 * `multiple_image_urls`). A video is registered (`POST /media`), sent to the upload URL Pinterest
 * gives (an S3 form POST), and pinned once processing has succeeded (`video_id`), with the item's
 * image as its cover when it has one. Each step is journaled before the next is taken; a pin has
 * no idempotency key, so a try made again after it asked for the pin (`pin_requested`) first looks
 * for it among the board's newest pins, and asks again only when it is not there (`resume`). A
 * pin's figures are its analytics (readPinterestMetrics).
 */
export class PinterestProvider implements PublishProvider {
  readonly name = 'pinterest';
  readonly crashRecovery = 'resume';
  readonly urlField = null;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;

  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
    private readonly processing: ProcessingSettings,
  ) {
    this.endpoint = tokenEndpointOf('pinterest', app, app.tokenUrl ?? `${app.apiUrl}/oauth/token`, 'basic');
  }

  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    const errors = validateOAuthCredentials(credentials);
    const board = settings.board_id;
    if (board !== undefined && board !== null && (typeof board !== 'string' || !/^\d+$/.test(board))) {
      errors['settings.board_id'] = ['The settings.board_id field must be the id of a Pinterest board (digits).'];
    }
    return errors;
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const tokens = await firstTokens(this.http, this.endpoint, credentials);
    if (!('access_token' in tokens)) return tokens;
    const answer = await this.http.send({ method: 'GET', url: `${this.app.apiUrl}/user_account`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    if (answer.kind !== 'answer' || answer.status !== 200) return pinterestFailure(answer);
    const account = answer.body as { username: string; business_name?: string | null; profile_image?: unknown };
    const avatarUrl = typeof account.profile_image === 'string' ? account.profile_image : null;
    return { kind: 'verified', account: { username: account.username, name: account.business_name?.trim() || account.username, avatarUrl, settings: { ...settings }, session: { ...tokens } } };
  }

  async publish({ connection, item, media, options, progress, firstAttemptAt }: PublishRequest): Promise<PublishOutcome> {
    const placement = pinPlacementOf(connection.settings, options ?? {});
    if ('kind' in placement) return placement;
    const pinMedia = pinMediaOf(media);
    if (isFailure(pinMedia)) return pinMedia;
    const api = await PinterestApi.of(this.http, this.app.apiUrl, this.endpoint, connection);
    if (isFailure(api)) return api;
    const journal = (await progress.read()) ?? {};
    if (journal.pin_requested === true) {
      const found = await this.findEarlier(api, placement, item.body, firstAttemptAt);
      if (found) return found;
    }
    const source = await this.mediaSource(api, pinMedia, journal, progress);
    if (isFailure(source)) return source;
    await progress.record({ pin_requested: true });
    const answer = await api.send({ method: 'POST', path: '/pins', json: pinBody(placement, item.body, source) });
    if (isFailure(answer)) return answer;
    if (answer.kind === 'answer' && (answer.status === 201 || answer.status === 200)) return publishedPin(String((answer.body as { id: string }).id));
    return pinterestFailure(answer);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const api = await PinterestApi.of(this.http, this.app.apiUrl, this.endpoint, connection);
    if (isFailure(api)) return api;
    const answer = await api.send({ method: 'DELETE', path: `/pins/${encodeURIComponent(externalId)}` });
    if (isFailure(answer)) return answer;
    // 404: already gone.
    if (answer.kind === 'answer' && (answer.status === 204 || answer.status === 200 || answer.status === 404)) return { kind: 'deleted' };
    return pinterestFailure(answer);
  }

  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const api = await PinterestApi.of(this.http, this.app.apiUrl, this.endpoint, connection);
    return isFailure(api) ? api : readPinterestMetrics(api, published.externalId);
  }

  /** The pin's `media_source`: the images' addresses, or the video uploaded and processed (resumed from the journal). */
  private async mediaSource(api: PinterestApi, pinMedia: PinMedia, journal: Readonly<Record<string, unknown>>, progress: PublishRequest['progress']): Promise<Record<string, unknown> | ProviderFailure> {
    if (pinMedia.kind === 'images') return imagesSource(pinMedia.images);
    const mediaId = await processedVideo(api, pinMedia.video, videoStepsOf(journal), progress, this.processing);
    return typeof mediaId === 'string' ? videoSource(mediaId, pinMedia.cover) : mediaId;
  }

  /** The pin a try whose answer was lost created, among the board's newest; null when there is none (it was never created). */
  private async findEarlier(api: PinterestApi, placement: PinPlacement, description: string, since: Date): Promise<PublishOutcome | null> {
    const answer = await api.send({ method: 'GET', path: `/boards/${encodeURIComponent(placement.boardId)}/pins?page_size=${LOOKUP_PAGE_SIZE}` });
    if (isFailure(answer)) return answer;
    if (answer.kind !== 'answer' || answer.status !== 200) return pinterestFailure(answer);
    const found = earlierPin((answer.body as { items?: ListedPin[] }).items ?? [], placement, description, since);
    return found ? publishedPin(String(found.id)) : null;
  }
}
