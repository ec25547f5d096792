import { Webhook } from 'standardwebhooks';
import type { Post, Webhook as WebhookSettings, WebhookDelivery } from '@app/client';
import { ApiClient, createdBody } from '../support/api-client';
import { within } from '../support/fixtures';
import { ReceivedWebhook } from '@app/testing';
import { eventually } from '@app/testing/eventually';

/**
 * What the systems the lifecycle scenarios run against are started with: receivers on 127.0.0.1,
 * retries fast enough for a test, and the default WEBHOOK_TIMEOUT_MS (left unset).
 */
export const LIFECYCLE_DELIVERY = { backoffBaseMs: 500, maxRetries: 3, defaultTimeoutMs: 5000 };
export const LIFECYCLE_ENV: Record<string, string> = {
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  FEED_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_BACKOFF_BASE_MS: String(LIFECYCLE_DELIVERY.backoffBaseMs),
  WEBHOOK_MAX_RETRIES: String(LIFECYCLE_DELIVERY.maxRetries),
};

/** How long a step may take from a request to its webhook, across processes and a few Kafka hops. */
export const LIFECYCLE_TIMEOUT_MS = 45_000;

export const ORIGINAL = { account_id: 0, is_original: true, content: [{ body: 'Lifecycle of a post', media: [] }], options: {} };

export const PUBLISHED_IS_FINAL = 'A published post cannot be edited or deleted. Create a new post instead.';

/** ISO 8601 UTC with a Z, milliseconds allowed. */
export const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A webhook as its creator sees it: with its secret. */
export type CreatedWebhook = Pick<WebhookSettings, 'id'> & { secret: string };

/** A webhook of a workspace, or a system one when `workspace` is 'panel'. */
export async function createWebhook(api: ApiClient, workspace: string, settings: { url: string; events?: string[]; secret?: string }): Promise<CreatedWebhook> {
  const { id, secret } = createdBody(await api.post(`/api/${workspace}/webhooks`, settings), 'creating webhook');
  return { id, secret };
}

/** The body of a post for these accounts, published now or at `at` (sent with seconds and a +02:00 offset). */
export function postBody(accounts: number[], at?: Date): Record<string, unknown> {
  const when = at === undefined ? { schedule_now: true } : { schedule: true, scheduled_at: withOffset(at, 120) };
  return { versions: [ORIGINAL], accounts, ...when };
}

/** Schedules a post for now, or for `at`. */
export async function schedulePost(api: ApiClient, workspace: string, accounts: number[], at?: Date): Promise<Post> {
  return createdBody(await api.post(`/api/${workspace}/posts`, postBody(accounts, at)), 'scheduling a post');
}

/** A time a few whole seconds ahead. */
export const secondsAhead = (seconds: number): Date => new Date(Math.ceil(Date.now() / 1000) * 1000 + seconds * 1000);

/** `2030-01-01T12:00:05+02:00` for the instant 10:00:05Z and an offset of 120 minutes. */
export function withOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

export async function waitForStatus(api: ApiClient, workspace: string, uuid: string, status: Post['status'], timeoutMs = LIFECYCLE_TIMEOUT_MS): Promise<Post> {
  return eventually(
    async () => {
      const post = await api.get(`/api/${workspace}/posts/${uuid}`);
      return post.body?.status === status ? post.body : null;
    },
    `post ${uuid} to be ${status}`,
    within(timeoutMs),
  );
}

/** The delivery log entry of a webhook for one delivery, once `accept` holds for it. */
export async function waitForDelivery(
  api: ApiClient,
  base: string,
  webhookId: number,
  deliveryId: string,
  accept: (delivery: WebhookDelivery) => boolean,
  timeoutMs = LIFECYCLE_TIMEOUT_MS,
): Promise<WebhookDelivery> {
  return eventually(
    async () => {
      const log = await api.get(`${base}/webhooks/${webhookId}/deliveries`);
      const delivery = (log.body?.data as WebhookDelivery[] | undefined)?.find((entry) => entry.id === deliveryId);
      return delivery && accept(delivery) ? delivery : null;
    },
    `delivery ${deliveryId} of webhook ${webhookId} in the log`,
    within(timeoutMs),
  );
}

/** The status codes of a logged delivery's attempts, in order. */
export const statusCodes = (delivery: Pick<WebhookDelivery, 'attempts'>): Array<number | null> =>
  delivery.attempts.map((attempt) => attempt.status_code);

/**
 * The envelope of the specification and nothing else: event, workspace_uuid, post with exactly
 * uuid, status, scheduled_at, published_at, accounts [{id, provider, name, external_url}], timestamp.
 */
export function expectEnvelope(request: ReceivedWebhook, expected: { event: string; workspace: string; uuid: string; status: string }): void {
  const envelope = request.envelope;
  expect(Object.keys(envelope).sort()).toEqual(['event', 'post', 'timestamp', 'workspace_uuid']);
  expect(Object.keys(envelope.post).sort()).toEqual(['accounts', 'published_at', 'scheduled_at', 'status', 'uuid']);
  expect(envelope).toMatchObject({ event: expected.event, workspace_uuid: expected.workspace, post: { uuid: expected.uuid, status: expected.status } });
  expect(envelope.timestamp).toMatch(UTC_TIMESTAMP);
  expect(envelope.post.scheduled_at).toMatch(UTC_TIMESTAMP);
  if (envelope.post.published_at !== null) expect(envelope.post.published_at).toMatch(UTC_TIMESTAMP);
  for (const account of envelope.post.accounts) expect(Object.keys(account).sort()).toEqual(['external_url', 'id', 'name', 'provider']);
  expect(request.headers['content-type']).toMatch(/^application\/json/);
  expect(request.event).toBe(expected.event);
}

/** The Standard Webhooks headers of a request, as a verifier takes them. */
export function signatureHeaders(request: ReceivedWebhook): Record<string, string> {
  return {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
}

/**
 * Checks a request as a receiver would: the Standard Webhooks signature verifies with the webhook's
 * secret, X-Service-Signature carries the same value, X-Service-Event names the envelope's event.
 */
export function expectSigned(request: ReceivedWebhook, secret: string): void {
  expect(new Webhook(secret).verify(request.body, signatureHeaders(request))).toEqual(JSON.parse(request.body));
  expect(request.headers['x-service-signature']).toBe(request.headers['webhook-signature']);
  expect(request.headers['x-service-event']).toBe(request.envelope.event);
}
