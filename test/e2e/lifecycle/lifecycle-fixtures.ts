import { Webhook } from 'standardwebhooks';
import { ApiClient } from '../support/api-client';
import { addMember, eventually } from '../support/fixtures';
import { ReceivedWebhook } from '../support/webhook-receiver';

/** Environment of the lifecycle suites: receivers on 127.0.0.1, retries fast enough for a test. */
export const LIFECYCLE_ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: '500', WEBHOOK_TIMEOUT_MS: '2000' };

export const ORIGINAL = { account_id: 0, is_original: true, content: [{ body: 'Lifecycle of a post', media: [] }], options: {} };

/** ISO 8601 UTC with a Z, milliseconds allowed. */
export const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** The bootstrap admin (user 1) joins as an approver. */
export async function approverWorkspace(admin: ApiClient, name: string): Promise<string> {
  const created = await admin.post('/api/panel/workspaces', { name });
  if (created.status !== 201) throw new Error(`creating workspace: ${created.status} ${JSON.stringify(created.body)}`);
  await addMember(admin, created.body.uuid, 1, 'admin', true);
  return created.body.uuid;
}

export interface CreatedWebhook {
  id: number;
  secret: string;
}

/** A webhook of a workspace, or a system one when `workspace` is 'panel'. */
export async function createWebhook(api: ApiClient, workspace: string, settings: { url: string; events?: string[]; secret?: string }): Promise<CreatedWebhook> {
  const created = await api.post(`/api/${workspace}/webhooks`, settings);
  if (created.status !== 201) throw new Error(`creating webhook: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id, secret: created.body.secret };
}

/** Schedules a post for now, or for `at` (sent as scheduled_at with seconds and a +02:00 offset). */
export async function schedulePost(api: ApiClient, workspace: string, accounts: number[], at?: Date): Promise<{ uuid: string; status: string }> {
  const when = at === undefined ? { schedule_now: true } : { schedule: true, scheduled_at: withOffset(at, 120) };
  const created = await api.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts, ...when });
  if (created.status !== 201) throw new Error(`scheduling a post: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Post resource is inspected field by field
export async function waitForStatus(api: ApiClient, workspace: string, uuid: string, status: string, timeoutMs = 30_000): Promise<any> {
  return eventually(
    async () => {
      const post = await api.get(`/api/${workspace}/posts/${uuid}`);
      return post.body?.status === status ? post.body : null;
    },
    timeoutMs,
    `post ${uuid} to be ${status}`,
  );
}

/** The delivery log entry of a webhook for one delivery, once `accept` holds for it. */
export async function waitForDelivery(
  api: ApiClient,
  base: string,
  webhookId: number,
  deliveryId: string,
  accept: (delivery: any) => boolean, // eslint-disable-line @typescript-eslint/no-explicit-any -- DeliveryView inspected in tests
  timeoutMs = 30_000,
): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return eventually(
    async () => {
      const log = await api.get(`${base}/webhooks/${webhookId}/deliveries`);
      const delivery = log.body?.data?.find((entry: { id: string }) => entry.id === deliveryId);
      return delivery && accept(delivery) ? delivery : null;
    },
    timeoutMs,
    `delivery ${deliveryId} of webhook ${webhookId} in the log`,
  );
}

/**
 * The envelope of the specification and nothing else: event, workspace_uuid, post with exactly
 * uuid, status, scheduled_at, published_at, accounts [{provider, name}], timestamp.
 */
export function expectEnvelope(request: ReceivedWebhook, expected: { event: string; workspace: string; uuid: string; status: string }): void {
  const envelope = request.envelope;
  expect(Object.keys(envelope).sort()).toEqual(['event', 'post', 'timestamp', 'workspace_uuid']);
  expect(Object.keys(envelope.post).sort()).toEqual(['accounts', 'published_at', 'scheduled_at', 'status', 'uuid']);
  expect(envelope).toMatchObject({ event: expected.event, workspace_uuid: expected.workspace, post: { uuid: expected.uuid, status: expected.status } });
  expect(envelope.timestamp).toMatch(UTC_TIMESTAMP);
  expect(envelope.post.scheduled_at).toMatch(UTC_TIMESTAMP);
  if (envelope.post.published_at !== null) expect(envelope.post.published_at).toMatch(UTC_TIMESTAMP);
  for (const account of envelope.post.accounts) expect(Object.keys(account).sort()).toEqual(['name', 'provider']);
  expect(request.headers['content-type']).toMatch(/^application\/json/);
  expect(request.event).toBe(expected.event);
}

/**
 * Checks a request as a receiver would: the Standard Webhooks signature verifies with the webhook's
 * secret, X-Service-Signature carries the same value, X-Service-Event names the envelope's event.
 */
export function expectSigned(request: ReceivedWebhook, secret: string): void {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  expect(new Webhook(secret).verify(request.body, headers)).toEqual(JSON.parse(request.body));
  expect(request.headers['x-service-signature']).toBe(request.headers['webhook-signature']);
  expect(request.headers['x-service-event']).toBe(request.envelope.event);
}
