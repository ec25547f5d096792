import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../http/provider-http';
import { firstTokens, tokenEndpointOf, validateOAuthCredentials } from '../oauth/oauth-credentials';
import { currentAccessToken, OAuthTokenEndpoint } from '../oauth/oauth-tokens';
import { DeleteOutcome, DeleteRequest, FollowUp, MetricsOutcome, MetricsRequest, ProviderConnection, ProviderFailure, PublishMedia, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';
import { commentBody, commentParts, commentUrl, commentUrnOf, LINKEDIN_COMMENT_IMAGES, linkedinCommentFailure } from './linkedin-comment';
import { duplicateOf, linkedinFailure } from './linkedin-errors';
import { readLinkedInMetrics } from './linkedin-metrics';
import { postBody, restHeaders } from './linkedin-post';

/** A post LinkedIn names as the duplicate counts as the first try's when it was created this long before the first attempt, or later (clocks differ a little; an earlier post of the same text must stay a refusal). */
const LOOKUP_MARGIN_MS = 5_000;

/**
 * LinkedIn member posts (`/rest/posts`, versioned API) with a member's OAuth 2 tokens
 * (authorization code; the app's credentials in the token request's body), refreshed before they
 * expire where LinkedIn gave a refresh token. The member is found through OpenID Connect
 * (`/v2/userinfo`) and kept as `settings.person_urn`, the posts' author.
 *
 * LinkedIn takes no idempotency key, but refuses an exact duplicate of a post with 422 "Content
 * is a duplicate of urn:li:share:<n>": a publish made again after a lost answer or a crash gets
 * that refusal, and the provider reads the post it names and reports it as published when it is
 * the account's and was created since the first attempt (`lookup`); an older duplicate stays a
 * refusal. Images are registered (`/rest/images?action=initializeUpload`), their bytes PUT to
 * the upload URL, and attached by URN: one as `media`, several as `multiImage`.
 *
 * A version's second content item is the post's first comment, by the same member
 * (`POST /rest/socialActions/{post}/comments`, with an image when it has one). A comment has no
 * lookup: one cut off by a crash, or whose answer was lost, is reported unknown. A post's figures
 * are the member's post statistics (readLinkedInMetrics).
 */
export class LinkedInProvider implements PublishProvider {
  readonly name = 'linkedin';
  readonly crashRecovery = 'lookup';
  readonly followUpCrashRecovery = 'report_unknown';
  readonly urlField = null;
  private readonly endpoint: OAuthTokenEndpoint | ProviderFailure;

  constructor(
    private readonly http: ProviderHttp,
    private readonly app: OAuthAppSettings,
  ) {
    this.endpoint = tokenEndpointOf('linkedin', app, `${app.authUrl}/accessToken`, 'body');
  }

  validate(_settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    return validateOAuthCredentials(credentials);
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const tokens = await firstTokens(this.http, this.endpoint, credentials);
    if (!('access_token' in tokens)) return tokens;
    const answer = await this.http.send({ method: 'GET', url: `${this.app.apiUrl}/v2/userinfo`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    if (answer.kind !== 'answer' || answer.status !== 200) return linkedinFailure(answer);
    const member = answer.body as { sub: string; name?: string; given_name?: string; family_name?: string; picture?: unknown };
    const name = member.name?.trim() || [member.given_name, member.family_name].filter(Boolean).join(' ') || member.sub;
    const avatarUrl = typeof member.picture === 'string' ? member.picture : null;
    return { kind: 'verified', account: { username: null, name, avatarUrl, settings: { ...settings, person_urn: `urn:li:person:${member.sub}` }, session: { ...tokens } } };
  }

  async publish({ connection, item, followUp, media, firstAttemptAt }: PublishRequest): Promise<PublishOutcome> {
    const author = personUrnOf(connection);
    if (typeof author !== 'string') return author;
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    if (followUp) return this.comment(token, author, followUp, item.body, media);
    const images: string[] = [];
    for (const file of media) {
      const uploaded = await this.upload(token, author, file);
      if (typeof uploaded !== 'string') return uploaded;
      images.push(uploaded);
    }
    const answer = await this.http.send({ method: 'POST', url: `${this.app.apiUrl}/rest/posts`, headers: restHeaders(token), json: postBody(author, item.body, images) });
    const urn = answer.kind === 'answer' && answer.status === 201 ? answer.headers['x-restli-id'] : undefined;
    if (urn) return published(urn);
    const duplicate = duplicateOf(answer);
    if (duplicate) return (await this.earlier(token, author, duplicate, firstAttemptAt)) ?? linkedinFailure(answer);
    return linkedinFailure(answer);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    const comment = commentParts(externalId);
    const url = comment
      ? `${this.app.apiUrl}/rest/socialActions/${encodeURIComponent(comment.object)}/comments/${comment.id}?actor=${encodeURIComponent(String(connection.settings.person_urn))}`
      : `${this.app.apiUrl}/rest/posts/${encodeURIComponent(externalId)}`;
    const answer = await this.http.send({ method: 'DELETE', url, headers: restHeaders(token) });
    // 404: already gone.
    if (answer.kind === 'answer' && (answer.status === 204 || answer.status === 200 || answer.status === 404)) return { kind: 'deleted' };
    return linkedinFailure(answer);
  }

  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return token;
    return readLinkedInMetrics(this.http, this.app.apiUrl, token, published.externalId);
  }

  private accessToken(connection: ProviderConnection): Promise<string | ProviderFailure> {
    return currentAccessToken(this.http, this.endpoint, connection.session);
  }

  /** The member's comment on their post (the root item): the post's first comment. */
  private async comment(token: string, author: string, followUp: FollowUp, text: string, media: readonly PublishMedia[]): Promise<PublishOutcome> {
    if (media.length > LINKEDIN_COMMENT_IMAGES) return { kind: 'rejected', message: `A LinkedIn comment takes at most ${LINKEDIN_COMMENT_IMAGES} image.` };
    const image = media.length > 0 ? await this.upload(token, author, media[0]) : null;
    if (image !== null && typeof image !== 'string') return image;
    const post = followUp.root.externalId;
    const answer = await this.http.send({
      method: 'POST',
      url: `${this.app.apiUrl}/rest/socialActions/${encodeURIComponent(post)}/comments`,
      headers: restHeaders(token),
      json: commentBody(author, post, text, image),
    });
    const urn = commentUrnOf(answer);
    return urn ? { kind: 'published', externalId: urn, externalUrl: commentUrl(post, urn) } : linkedinCommentFailure(answer);
  }

  /** The image registered for the member, its bytes sent to the upload URL LinkedIn gave: its URN. */
  private async upload(token: string, owner: string, file: PublishMedia): Promise<string | ProviderFailure> {
    const initialized = await this.http.send({
      method: 'POST',
      url: `${this.app.apiUrl}/rest/images?action=initializeUpload`,
      headers: restHeaders(token),
      json: { initializeUploadRequest: { owner } },
    });
    if (initialized.kind !== 'answer' || initialized.status !== 200) return linkedinFailure(initialized);
    const { uploadUrl, image } = (initialized.body as { value: { uploadUrl: string; image: string } }).value;
    const sent = await this.http.send({ method: 'PUT', url: uploadUrl, headers: { authorization: `Bearer ${token}` }, bytes: { data: await file.read(), contentType: file.mimeType } });
    if (sent.kind === 'answer' && sent.status >= 200 && sent.status < 300) return image;
    return linkedinFailure(sent);
  }

  /** The post LinkedIn named as the duplicate, when it is the account's and was created since the first attempt: what a try whose answer was lost created. */
  private async earlier(token: string, author: string, urn: string, since: Date): Promise<PublishOutcome | null> {
    const answer = await this.http.send({ method: 'GET', url: `${this.app.apiUrl}/rest/posts/${encodeURIComponent(urn)}`, headers: restHeaders(token) });
    if (answer.kind === 'answer' && answer.status === 404) return null;
    if (answer.kind !== 'answer' || answer.status !== 200) return linkedinFailure(answer);
    const post = answer.body as { author?: string; createdAt?: number };
    const recent = typeof post.createdAt === 'number' && post.createdAt >= since.getTime() - LOOKUP_MARGIN_MS;
    return post.author === author && recent ? published(urn) : null;
  }
}

function personUrnOf(connection: ProviderConnection): string | ProviderFailure {
  const urn = connection.settings.person_urn;
  return typeof urn === 'string' && urn ? urn : { kind: 'reauthorize', message: 'The account does not name its LinkedIn member; connect it again.' };
}

const published = (urn: string): PublishOutcome => ({ kind: 'published', externalId: urn, externalUrl: `https://www.linkedin.com/feed/update/${urn}` });

