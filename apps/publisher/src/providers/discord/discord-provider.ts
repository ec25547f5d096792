import { isHttpUrl } from '../account-fields';
import { classifyFailure, HttpAnswer, ProviderHttp } from '../http/provider-http';
import { mediaBlob, mediaFileName } from '../media-file-name';
import { DeleteOutcome, DeleteRequest, PublishMedia, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';

/** A message takes at most 10 attachments. */
export const DISCORD_MAX_ATTACHMENTS = 10;

/**
 * A message with files, as Discord's reference documents it: `multipart/form-data` with the JSON
 * body in `payload_json` (its `attachments` giving each file's id and name) and the files in
 * `files[<id>]`.
 */
async function messageWithFiles(content: string, media: readonly PublishMedia[]): Promise<FormData> {
  const form = new FormData();
  form.append('payload_json', JSON.stringify({ content, attachments: media.map((file, id) => ({ id, filename: mediaFileName(file) })) }));
  for (const [id, file] of media.entries()) form.append(`files[${id}]`, await mediaBlob(file), mediaFileName(file));
  return form;
}

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
 * with the message, so the post has an id and an address. Media go as attachments of the message. Webhooks take no idempotency key and
 * cannot list their messages: a lost answer or a crash mid-attempt is reported unknown.
 */
export class DiscordProvider implements PublishProvider {
  readonly name = 'discord';
  readonly crashRecovery = 'report_unknown';
  /** A webhook posts messages, with no replies or comments: a version publishes one content item. */
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
    const webhook = answer.body as { id?: unknown; name?: string; avatar?: unknown; guild_id?: string; channel_id?: string };
    // The webhook's own picture, on Discord's CDN by the webhook's id and the picture's hash.
    const avatarUrl = typeof webhook.id === 'string' && typeof webhook.avatar === 'string' && /^\w+$/.test(webhook.avatar) ? `https://cdn.discordapp.com/avatars/${webhook.id}/${webhook.avatar}.png` : null;
    return {
      kind: 'verified',
      account: { username: null, name: webhook.name ?? 'Discord webhook', avatarUrl, settings: { ...settings, guild_id: webhook.guild_id ?? null, channel_id: webhook.channel_id ?? null } },
    };
  }

  async publish({ connection, item, media }: PublishRequest): Promise<PublishOutcome> {
    if (media.length > DISCORD_MAX_ATTACHMENTS) return { kind: 'rejected', message: `A Discord message takes at most ${DISCORD_MAX_ATTACHMENTS} attachments.` };
    const url = `${webhookUrl(connection.credentials)}?wait=true`;
    const content = item.body;
    const answer =
      media.length === 0
        ? await this.http.send({ method: 'POST', url, json: { content } })
        : await this.http.send({ method: 'POST', url, form: await messageWithFiles(content, media) });
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
