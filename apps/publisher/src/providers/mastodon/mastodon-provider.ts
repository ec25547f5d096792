import { MASTODON_DEFAULT_MAX_CHARACTERS, mastodon } from '@app/platforms';
import { checkBaseUrl, requireString } from '../account-fields';
import { classifyFailure, HttpAnswer, platformMessage, ProviderHttp } from '../http/provider-http';
import { DEFAULT_MEDIA_POLLING, MediaPolling, uploadMedia } from './mastodon-media';
import { figuresRead, postGone } from '../metrics/post-figures';
import { DeleteOutcome, DeleteRequest, MetricsOutcome, MetricsRequest, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';

const instanceOf = (settings: Record<string, unknown>): string => String(settings.instance).trim().replace(/\/+$/, '');

/** Mastodon's errors are `{error}`; a 429 says when the limit resets in `X-RateLimit-Reset` (an ISO 8601 time). */
function failureOf(answer: HttpAnswer, now = Date.now()): ReturnType<typeof classifyFailure> {
  const reset = answer.kind === 'answer' ? Date.parse(answer.headers['x-ratelimit-reset'] ?? '') : NaN;
  return classifyFailure(answer, { message: platformMessage(answer, ['error', 'error_description']), resetMs: Number.isNaN(reset) ? null : Math.max(0, reset - now), repeatable: true });
}

/** The status fields of the version's options: `sensitive` when true, `spoiler_text` when given (the content warning). */
function statusOptions(versionOptions: Record<string, unknown>): { sensitive?: true; spoiler_text?: string } {
  const { sensitive, spoiler_text } = mastodon.readOptions(versionOptions);
  return { ...(sensitive && { sensitive }), ...(spoiler_text !== null && { spoiler_text }) };
}

/**
 * Mastodon with an access token of the account on its instance. Every publish of a post to an
 * account carries the same `Idempotency-Key`, so a retry after a timeout, or the attempt made
 * again after a crash, is answered with the status the first one created (Mastodon keeps a key
 * for an hour). The instance's `max_characters`, read at connect, is kept as `settings.max_characters`.
 * Media are uploaded first (`POST /api/v2/media`, waiting for the instance to process them) and
 * attached by their ids. The content items after the first are a thread: each a status replying to
 * the one before (`in_reply_to_id`), with its own `Idempotency-Key`. The version's options for
 * Mastodon (`sensitive`, `spoiler_text`) go on every status as the API names them. A status's
 * figures are its counts as `GET /api/v1/statuses/:id` answers them: favourites, reblogs, replies.
 */
export class MastodonProvider implements PublishProvider {
  readonly name = 'mastodon';
  readonly crashRecovery = 'idempotency_key';
  readonly urlField = 'settings.instance';

  constructor(
    private readonly http: ProviderHttp,
    private readonly mediaPolling: MediaPolling = DEFAULT_MEDIA_POLLING,
  ) {}

  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    checkBaseUrl(settings, 'instance', errors, true);
    requireString(credentials, 'credentials', 'access_token', errors);
    return errors;
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const instance = instanceOf(settings);
    const answer = await this.http.send({ method: 'GET', url: `${instance}/api/v1/accounts/verify_credentials`, headers: this.auth(credentials) });
    if (answer.kind !== 'answer' || answer.status !== 200) return failureOf(answer);
    const account = answer.body as { username?: string; acct?: string; display_name?: string; avatar?: unknown };
    const username = `${account.username ?? account.acct}@${new URL(instance).host}`;
    return {
      kind: 'verified',
      account: {
        username,
        name: account.display_name?.trim() || String(account.username ?? account.acct),
        avatarUrl: typeof account.avatar === 'string' ? account.avatar : null,
        settings: { ...settings, instance, max_characters: await this.maxCharacters(instance) },
      },
    };
  }

  async publish({ idempotencyKey, connection, item, followUp, media, options }: PublishRequest): Promise<PublishOutcome> {
    const instance = instanceOf(connection.settings);
    const headers = this.auth(connection.credentials);
    const mediaIds = media.length > 0 ? await uploadMedia(this.http, { instance, headers, failureOf: (answer) => failureOf(answer) }, media, this.mediaPolling) : [];
    if (!Array.isArray(mediaIds)) return mediaIds;
    const answer = await this.http.send({
      method: 'POST',
      url: `${instance}/api/v1/statuses`,
      headers: { ...headers, 'idempotency-key': idempotencyKey },
      json: {
        status: item.body,
        ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
        ...(followUp ? { in_reply_to_id: followUp.parent.externalId } : {}),
        ...statusOptions(options ?? {}),
      },
    });
    if (answer.kind === 'answer' && answer.status === 200) {
      const status = answer.body as { id: string; url?: string | null; uri?: string };
      return { kind: 'published', externalId: String(status.id), externalUrl: status.url ?? status.uri ?? null };
    }
    return failureOf(answer);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const answer = await this.http.send({
      method: 'DELETE',
      url: `${instanceOf(connection.settings)}/api/v1/statuses/${encodeURIComponent(externalId)}`,
      headers: this.auth(connection.credentials),
    });
    // 404: already gone.
    if (answer.kind === 'answer' && (answer.status === 200 || answer.status === 404)) return { kind: 'deleted' };
    return failureOf(answer);
  }

  /** The status's `favourites_count`, `reblogs_count` and `replies_count`, read with the account's token (it may be a private status). */
  async readMetrics({ connection, published }: MetricsRequest): Promise<MetricsOutcome> {
    const answer = await this.http.send({
      method: 'GET',
      url: `${instanceOf(connection.settings)}/api/v1/statuses/${encodeURIComponent(published.externalId)}`,
      headers: this.auth(connection.credentials),
    });
    if (answer.kind === 'answer' && answer.status === 404) return postGone('Mastodon');
    if (answer.kind !== 'answer' || answer.status !== 200) return failureOf(answer);
    const status = (answer.body ?? {}) as { favourites_count?: unknown; reblogs_count?: unknown; replies_count?: unknown };
    return figuresRead({ likes: status.favourites_count, reposts: status.reblogs_count, replies: status.replies_count });
  }

  private auth(credentials: Record<string, unknown>): Record<string, string> {
    return { authorization: `Bearer ${String(credentials.access_token)}` };
  }

  /** `configuration.statuses.max_characters` of `/api/v2/instance`; the default when the instance does not say. */
  private async maxCharacters(instance: string): Promise<number> {
    const answer = await this.http.send({ method: 'GET', url: `${instance}/api/v2/instance` });
    if (answer.kind !== 'answer' || answer.status !== 200) return MASTODON_DEFAULT_MAX_CHARACTERS;
    const max = (answer.body as { configuration?: { statuses?: { max_characters?: unknown } } })?.configuration?.statuses?.max_characters;
    return Number.isSafeInteger(max) && (max as number) > 0 ? (max as number) : MASTODON_DEFAULT_MAX_CHARACTERS;
  }
}
