import { publishedText } from '@app/domain';
import { isHttpUrl } from '../account-fields';
import { classifyFailure, HttpAnswer, ProviderHttp } from '../http/provider-http';
import { unsupportedMedia } from '../post-text';
import { DeleteOutcome, DeleteRequest, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';

const WEBHOOK_PATH = /\/api(\/v\d+)?\/webhooks\/\d+\/[^/]+\/?$/;

/**
 * A Discord error body: `{message, code, retry_after?, errors?}`; a length refusal names the field
 * in `errors` (`{"content": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}]}}`).
 */
function messageOf(answer: HttpAnswer): string {
  if (answer.kind !== 'answer') return answer.message;
  const body = (answer.body ?? {}) as { message?: string; errors?: Record<string, { _errors?: { message?: string }[] }> };
  const details = Object.entries(body.errors ?? {}).flatMap(([field, value]) => (value._errors ?? []).map((error) => `${field}: ${error.message}`));
  const message = body.message ?? `HTTP ${answer.status}`;
  return details.length > 0 ? `${message} (${details.join('; ')})` : message;
}

function failureOf(answer: HttpAnswer): ReturnType<typeof classifyFailure> {
  const resetAfter = answer.kind === 'answer' ? Number(answer.headers['x-ratelimit-reset-after']) : NaN;
  const failure = classifyFailure(answer, { message: messageOf(answer), resetMs: Number.isFinite(resetAfter) ? Math.ceil(resetAfter * 1000) : null, repeatable: false });
  // 404 Unknown Webhook: the webhook was deleted; only a new webhook URL helps.
  if (answer.kind === 'answer' && answer.status === 404) return { kind: 'reauthorize', message: failure.message };
  return failure;
}

/**
 * Discord through a channel webhook (its URL is the credential). `?wait=true` makes Discord answer
 * with the message, so the post has an id and an address. Webhooks take no idempotency key and
 * cannot list their messages: a lost answer or a crash mid-attempt is reported unknown.
 */
export class DiscordProvider implements PublishProvider {
  readonly name = 'discord';
  readonly crashRecovery = 'report_unknown';
  readonly urlField = 'credentials.webhook_url';

  constructor(private readonly http: ProviderHttp) {}

  validate(_settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    const url = credentials.webhook_url;
    if (typeof url !== 'string' || !isHttpUrl(url) || !WEBHOOK_PATH.test(new URL(url).pathname)) {
      return { 'credentials.webhook_url': ['The credentials.webhook_url field must be a Discord webhook URL.'] };
    }
    return {};
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const answer = await this.http.send({ method: 'GET', url: webhookUrl(credentials) });
    if (answer.kind !== 'answer' || answer.status !== 200) return failureOf(answer);
    const webhook = answer.body as { name?: string; guild_id?: string; channel_id?: string };
    return {
      kind: 'verified',
      account: { username: null, name: webhook.name ?? 'Discord webhook', settings: { ...settings, guild_id: webhook.guild_id ?? null, channel_id: webhook.channel_id ?? null } },
    };
  }

  async publish({ connection, version }: PublishRequest): Promise<PublishOutcome> {
    const media = unsupportedMedia(this.name, version);
    if (media) return media;
    const answer = await this.http.send({ method: 'POST', url: `${webhookUrl(connection.credentials)}?wait=true`, json: { content: publishedText(version) } });
    if (answer.kind === 'answer' && answer.status === 200) {
      const message = answer.body as { id: string; channel_id?: string };
      const guild = connection.settings.guild_id;
      const channel = message.channel_id ?? connection.settings.channel_id;
      const externalUrl = typeof guild === 'string' && channel ? `https://discord.com/channels/${guild}/${String(channel)}/${message.id}` : null;
      return { kind: 'published', externalId: String(message.id), externalUrl };
    }
    return failureOf(answer);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const answer = await this.http.send({ method: 'DELETE', url: `${webhookUrl(connection.credentials)}/messages/${encodeURIComponent(externalId)}` });
    return answer.kind === 'answer' && answer.status === 204 ? { kind: 'deleted' } : failureOf(answer);
  }
}

const webhookUrl = (credentials: Record<string, unknown>): string => String(credentials.webhook_url).replace(/\/+$/, '');
