import type { OAuthAppSettings } from '@app/config';
import { requireString } from '../account-fields';
import { ProviderHttp } from '../http/provider-http';
import { firstTokens, tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { OAuthTokenEndpoint } from '../oauth/oauth-tokens';
import { awaitProcessing, ProcessingSettings } from '../processing/await-processing';
import {
  DeleteOutcome,
  DeleteRequest,
  MetricsOutcome,
  MetricsRequest,
  ProviderConnection,
  ProviderFailure,
  PublishMedia,
  PublishOutcome,
  PublishProgress,
  PublishProvider,
  PublishRequest,
  Verification,
} from '../publish-provider';
import { bearer, formBody, isTokenFailure, RedditApi, withRedditUserAgent } from './reddit-api';
import { RedditComments } from './reddit-comment';
import { redditFailure } from './reddit-errors';
import { RedditImages } from './reddit-image';
import { createJournaled, forget, journaledAt } from './reddit-journal';
import { readRedditMetrics } from './reddit-metrics';
import { foundSubmission, publishedSubmission, submissionKind, submissionTarget, SubmissionTarget, submitCall } from './reddit-submission';

/** Where the submit is journaled before it is sent, and the address of the uploaded image once it is uploaded. */
const SUBMIT_MARK = 'submitted_at';
const IMAGE_MARK = 'image_url';

export const RedditMessages = {
  oneImage: 'A Reddit post carries at most one image here (galleries are not published).',
  noVideo: 'Reddit video posts are not published by this service: a Reddit post carries a text, a link or one image.',
  noName: 'Reddit did not tell the account’s name.',
  noPost: 'Reddit took the post but did not say which it is, and it is not among the account’s newest posts.',
  stillProcessing: 'the image post is not among the account’s posts yet',
} as const;

/**
 * Reddit (OAuth API at oauth.reddit.com) with a user's tokens: a permanent authorization (code
 * grant, the app in HTTP Basic) whose hour-long access token is refreshed before it expires, or
 * tokens sent directly, refreshed when Reddit refuses the access token (RedditApi). Every call
 * names the service in its User-Agent, as Reddit's API rules ask.
 *
 * The first content item is a submission to the subreddit of the version's options (the
 * account's `settings.subreddit` by default) with the options' title and flair: an image post
 * when the item has an image (uploaded to Reddit's media bucket, RedditImages; the text its
 * body), a link post when the text is nothing but a web address, else a self post of the text.
 * The second item is a comment on it (RedditComments).
 *
 * Reddit takes no idempotency key (`lookup`): the submit is journaled before it is sent, and a try
 * that finds it journaled first looks for the post among the account's newest (same subreddit and
 * title, created since the first attempt). The uploaded image's address is journaled too, so a try
 * made again does not upload it again. Reddit answers an image submit before the post exists
 * (it is created once the image is processed): the account's posts are read until it is there,
 * within the processing timeout counted from the journaled submit. A 5xx is Reddit saying the
 * submit failed: once the account's posts do not show the post, the submit is made again. A
 * submission's figures are its counts as `/api/info` lists them (readRedditMetrics).
 */
export class RedditProvider implements PublishProvider {
  readonly name = 'reddit';
  readonly crashRecovery = 'lookup';
  readonly urlField = null;
  private readonly http: ProviderHttp;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;
  private readonly api: RedditApi;
  private readonly images: RedditImages;
  private readonly comments: RedditComments;

  constructor(
    http: ProviderHttp,
    app: OAuthAppSettings,
    private readonly processing: ProcessingSettings,
  ) {
    this.http = withRedditUserAgent(http);
    this.endpoint = tokenEndpointOf('reddit', app, app.tokenUrl ?? `${app.authUrl}/access_token`, 'basic');
    this.api = new RedditApi(this.http, this.endpoint, app.apiUrl);
    this.images = new RedditImages(this.api, this.http, app.apiUrl);
    this.comments = new RedditComments(this.api);
  }

  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    const errors = validateOAuthCredentials(credentials);
    if (settings.subreddit !== undefined) requireString(settings, 'settings', 'subreddit', errors);
    return errors;
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const tokens = await firstTokens(this.http, this.endpoint, credentials);
    if (!('access_token' in tokens)) return tokens;
    const answer = await this.api.sendWith(tokens, (token) => ({ method: 'GET', url: `${this.api.apiUrl}/api/v1/me`, headers: bearer(token) }));
    if (isTokenFailure(answer)) return answer;
    if (answer.kind !== 'answer' || answer.status !== 200) return redditFailure(answer);
    const me = answer.body as { name?: unknown; icon_img?: unknown } | null;
    const name = me?.name;
    if (typeof name !== 'string' || !name) return { kind: 'rejected', message: RedditMessages.noName };
    // Reddit answers the picture's address HTML-escaped (`&amp;` between its query parameters).
    const avatarUrl = typeof me?.icon_img === 'string' && me.icon_img ? me.icon_img.replace(/&amp;/g, '&') : null;
    return { kind: 'verified', account: { username: `u/${name}`, name, avatarUrl, settings: { ...settings, user_name: name }, session: { ...tokens } } };
  }

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    if (request.followUp) return this.comments.publish(request);
    const { connection, item, media, progress, firstAttemptAt } = request;
    const target = submissionTarget(connection.settings, request.options);
    if ('kind' in target) return target;
    const image = onlyImage(media);
    if (image !== null && 'kind' in image) return image;
    const submittedAt = await journaledAt(progress, SUBMIT_MARK);
    if (submittedAt !== null) {
      const earlier = image ? await this.awaitImagePost(connection, target, firstAttemptAt, submittedAt) : await this.findSubmission(connection, target, firstAttemptAt);
      if (earlier) return earlier;
    }
    const imageUrl = image ? await this.uploadOnce(connection, image, progress) : null;
    if (imageUrl !== null && typeof imageUrl !== 'string') return imageUrl;
    const kind = submissionKind(item.body, imageUrl);
    const created = await createJournaled(progress, SUBMIT_MARK, () => this.api.send(connection.session, (token) => submitCall(this.api.apiUrl, target, kind, token)));
    if (created.kind === 'accepted' && typeof created.data.name === 'string') return publishedSubmission({ name: created.data.name, url: String(created.data.url ?? '') || undefined });
    if (created.kind !== 'accepted' && created.kind !== 'lost' && created.kind !== 'erred') return created;
    // An image post is created once Reddit has processed its image (the submit answers before); a
    // self or link post is among the account's posts at once, when Reddit made it.
    if (image && created.kind !== 'erred') return this.awaitImagePost(connection, target, firstAttemptAt, (await journaledAt(progress, SUBMIT_MARK)) ?? Date.now());
    const found = await this.findSubmission(connection, target, firstAttemptAt);
    if (found) return found;
    if (created.kind === 'erred') await forget(progress, SUBMIT_MARK);
    return created.kind === 'accepted' ? { kind: 'unknown', message: RedditMessages.noPost } : created.failure;
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const answer = await this.api.send(connection.session, (token) => ({ method: 'POST', url: `${this.api.apiUrl}/api/del`, headers: bearer(token), bytes: formBody({ id: externalId }) }));
    if (isTokenFailure(answer)) return answer;
    // Reddit answers `{}` whether the thing was there or already gone.
    return answer.kind === 'answer' && answer.status === 200 ? { kind: 'deleted' } : redditFailure(answer);
  }

  /** The account's post of this subreddit and title since the first attempt, among its newest; null when there is none. */
  readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    return readRedditMetrics(this.api, connection, published.externalId);
  }

  private async findSubmission(connection: ProviderConnection, target: SubmissionTarget, since: Date): Promise<PublishOutcome | ProviderFailure | null> {
    const answer = await this.api.newestOf(connection, 'submitted');
    return isTokenFailure(answer) ? answer : foundSubmission(answer, target, since);
  }

  /** The image post, read among the account's posts until Reddit has processed its image and created it. */
  private async awaitImagePost(connection: ProviderConnection, target: SubmissionTarget, since: Date, submittedAt: number): Promise<PublishOutcome> {
    return awaitProcessing<PublishOutcome>(
      'Reddit',
      async () => {
        const found = await this.findSubmission(connection, target, since);
        if (found === null) return { kind: 'processing', status: RedditMessages.stillProcessing };
        return found.kind === 'published' ? { kind: 'done', value: found } : found;
      },
      submittedAt,
      this.processing,
    );
  }

  /** The address of the item's image on Reddit: uploaded once, journaled, and taken from the journal by a try made again. */
  private async uploadOnce(connection: ProviderConnection, image: PublishMedia, progress: PublishProgress): Promise<string | ProviderFailure> {
    const journaled = (await progress.read())?.[IMAGE_MARK];
    if (typeof journaled === 'string') return journaled;
    const uploaded = await this.images.upload(connection.session, image);
    if (typeof uploaded === 'string') await progress.record({ [IMAGE_MARK]: uploaded });
    return uploaded;
  }
}

/** The item's image, null when it has none, or why Reddit cannot take its media. */
function onlyImage(media: readonly PublishMedia[]): PublishMedia | ProviderFailure | null {
  if (media.some((file) => !file.mimeType.startsWith('image/'))) return { kind: 'rejected', message: RedditMessages.noVideo };
  if (media.length > 1) return { kind: 'rejected', message: RedditMessages.oneImage };
  return media[0] ?? null;
}
