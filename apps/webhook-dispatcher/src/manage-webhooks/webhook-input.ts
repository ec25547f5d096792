import { ALL_WEBHOOK_EVENTS, DEFAULT_WEBHOOK_EVENTS, isWebhookEventName, Messages, ServiceError, WEBHOOK_EVENTS, WebhookEventChoice } from '@app/contracts';
import { FieldMessages, hasInvalidCharacters } from '@app/domain';
import { isWebhookSecret } from '../signing/webhook-secret';

export const WebhookMessages = {
  notFound: Messages.webhookNotFound,
  urlRequired: 'The url field is required.',
  urlInvalid: 'The url field must be a valid URL.',
  urlNotPublic: 'The url must not point to a private, loopback or link-local address (WEBHOOK_ALLOW_PRIVATE_URLS=true allows them).',
  urlUnresolvable: 'The url host could not be resolved.',
  eventsNotArray: 'The events field must be an array.',
  /** A webhook's `events` name events of the catalogue, or `"*"` for all. */
  eventsInvalid: FieldMessages.selectedInvalidAmong('event', [...WEBHOOK_EVENTS, ALL_WEBHOOK_EVENTS]),
  /** A test sends one event of the catalogue. */
  eventInvalid: FieldMessages.selectedInvalidAmong('event', WEBHOOK_EVENTS),
  secretInvalid: 'The secret must be whsec_ followed by a base64-encoded key of 24 to 64 bytes.',
  activeNotBoolean: 'The active field must be true or false.',
  graceInvalid: 'The grace_seconds field must be between 0 and 604800.',
  workspaceFull: (atMost: number) => `A workspace has at most ${atMost} webhooks; delete one first.`,
  systemFull: (atMost: number) => `There are at most ${atMost} system webhooks; delete one first.`,
} as const;

/** The answer to a request that names no webhook of its scope. */
export function webhookNotFound(): never {
  throw new ServiceError('not_found', WebhookMessages.notFound);
}

export interface WebhookSettings {
  url: string;
  events: WebhookEventChoice[];
  secret: string;
  active: boolean;
}

/** Settings a request sets; a create fills the rest with defaults, an update keeps the stored values. */
export type WebhookChanges = Partial<WebhookSettings>;

export interface CheckedWebhookInput {
  changes: WebhookChanges;
  errors: Record<string, string[]>;
}

/**
 * Checks the shape of webhook settings and reports every failing field at once. A field absent
 * (or null) is left unchanged, except `url`, which a create requires. Reachability of the URL's
 * host is checked separately because it needs DNS.
 */
export function checkWebhookInput(input: unknown, mode: 'create' | 'update'): CheckedWebhookInput {
  const fields = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const changes: WebhookChanges = {};
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const { url, events, secret, active } = fields;
  if (url === undefined || url === null || url === '') {
    if (mode === 'create' || url !== undefined) fail('url', WebhookMessages.urlRequired);
  } else if (typeof url === 'string' && hasInvalidCharacters(url)) {
    fail('url', FieldMessages.invalidCharacters('url'));
  } else if (typeof url !== 'string' || !isHttpUrl(url)) {
    fail('url', WebhookMessages.urlInvalid);
  } else {
    changes.url = url;
  }

  if (events !== undefined && events !== null) {
    if (!Array.isArray(events)) {
      fail('events', WebhookMessages.eventsNotArray);
    } else {
      events.forEach((event, index) => {
        if (!isWebhookEventName(event) && event !== ALL_WEBHOOK_EVENTS) fail(`events.${index}`, WebhookMessages.eventsInvalid);
      });
      if (!Object.keys(errors).some((field) => field.startsWith('events'))) changes.events = subscribedEvents(events as WebhookEventChoice[]);
    }
  } else if (mode === 'create') {
    changes.events = [...DEFAULT_WEBHOOK_EVENTS];
  }

  if (secret !== undefined && secret !== null) {
    if (typeof secret !== 'string' || !isWebhookSecret(secret)) fail('secret', WebhookMessages.secretInvalid);
    else changes.secret = secret;
  }

  if (active !== undefined && active !== null) {
    if (typeof active !== 'boolean') fail('active', WebhookMessages.activeNotBoolean);
    else changes.active = active;
  } else if (mode === 'create') {
    changes.active = true;
  }

  return { changes, errors };
}

const MAX_URL_LENGTH = 2048;

function isHttpUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The events a webhook stores for those it asked: empty means the four events of the
 * specification (stored as such, so the settings say what is sent), `"*"` every event (stored as
 * `["*"]`, so events added later reach it too), else the named ones in the catalogue's order.
 */
function subscribedEvents(events: readonly WebhookEventChoice[]): WebhookEventChoice[] {
  if (events.length === 0) return [...DEFAULT_WEBHOOK_EVENTS];
  if (events.includes(ALL_WEBHOOK_EVENTS)) return [ALL_WEBHOOK_EVENTS];
  return WEBHOOK_EVENTS.filter((name) => events.includes(name));
}
