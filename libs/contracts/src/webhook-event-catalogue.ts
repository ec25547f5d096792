/**
 * The catalogue of webhook events: each event's name, when it fires and what its body carries
 * beside `event`, `workspace_uuid` and `timestamp`. The settings' validation, the API document,
 * the dashboard's forms and the MCP tools read it; it imports nothing, so browser code may too.
 */
export const WEBHOOK_EVENT_CATALOGUE = [
  { name: 'post.scheduled', when: 'a post is scheduled', body: ['post'], default: true },
  { name: 'post.published', when: 'a post is published to all its accounts', body: ['post'], default: true },
  { name: 'post.failed', when: 'a post failed on one or more accounts (after all were attempted)', body: ['post'], default: true },
  { name: 'post.approved', when: 'a post awaiting approval is approved', body: ['post'], default: true },
  { name: 'post.created', when: 'a post is created', body: ['post'], default: false },
  { name: 'post.updated', when: 'a post is changed', body: ['post'], default: false },
  { name: 'post.deleted', when: 'a post is deleted', body: ['post'], default: false },
  { name: 'post.approval_requested', when: 'a post enters needs_approval', body: ['post'], default: false },
  { name: 'post.publishing', when: 'publishing starts', body: ['post'], default: false },
  { name: 'post.account_published', when: "one account's publish succeeded", body: ['post', 'account'], default: false },
  { name: 'post.account_failed', when: "one account's publish failed", body: ['post', 'account'], default: false },
  { name: 'post.metrics_updated', when: 'new analytics figures were read for a published post', body: ['post', 'metrics'], default: false },
  { name: 'account.connected', when: 'an account is connected, or connected again', body: ['account'], default: false },
  { name: 'account.disconnected', when: 'an account is removed', body: ['account'], default: false },
  { name: 'account.needs_reconnect', when: 'a refresh is refused or a publish fails for lack of authorization: the account is authorized: false', body: ['account', 'reason'], default: false },
  { name: 'account.token_expiring', when: 'a token that cannot be refreshed expires within ACCOUNT_EXPIRY_WARNING_DAYS; once per token', body: ['account', 'expires_at'], default: false },
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENT_CATALOGUE)[number]['name'];

/** Every webhook event, in the catalogue's order. */
export const WEBHOOK_EVENTS: readonly WebhookEventName[] = WEBHOOK_EVENT_CATALOGUE.map((entry) => entry.name);

/** The four events of the specification: what a webhook whose `events` is empty or absent receives. */
export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEventName[] = WEBHOOK_EVENT_CATALOGUE.filter((entry) => entry.default).map((entry) => entry.name);

/** In a webhook's `events`, every event of the catalogue, those added later included. */
export const ALL_WEBHOOK_EVENTS = '*';

/** What a webhook's `events` may hold: event names, or `"*"`. */
export type WebhookEventChoice = WebhookEventName | typeof ALL_WEBHOOK_EVENTS;

export const isWebhookEventName = (value: unknown): value is WebhookEventName => typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);

/** Whether a webhook subscribed to `events` receives `event`. */
export const subscribesTo = (events: readonly string[], event: WebhookEventName): boolean => events.includes(event) || events.includes(ALL_WEBHOOK_EVENTS);

/** What a webhook's `events` may name: every event, and `"*"`. */
export const WEBHOOK_EVENT_CHOICES: readonly WebhookEventChoice[] = [...WEBHOOK_EVENTS, ALL_WEBHOOK_EVENTS];

/** What a webhook's `events` means, in words read from the catalogue, for the API document and the MCP tools. */
export const describeWebhookEvents = (): string =>
  `Empty or absent: the four events of the specification (${DEFAULT_WEBHOOK_EVENTS.join(', ')}); "${ALL_WEBHOOK_EVENTS}": every event. The events: ` +
  WEBHOOK_EVENT_CATALOGUE.map(({ name, when, body }) => `${name} (when ${when}; body: ${body.join(', ')})`).join('; ') +
  '.';
