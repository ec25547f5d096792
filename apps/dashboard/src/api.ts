/** The public API, as the dashboard calls it: same origin, signed in by the session cookie. */

export type FieldErrors = Record<string, string[]>;

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
}

/** Called when the API says the session is gone (401), to show the sign-in page. */
let onSignedOut: () => void = () => undefined;
export const whenSignedOut = (handler: () => void): void => {
  onSignedOut = handler;
};

/**
 * JSON in, JSON out. Writes carry X-Requested-With: the gateway refuses a cookie-signed write
 * without it (a cross-site page cannot add that header).
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-requested-with'] = 'dashboard';
  const form = body instanceof FormData;
  // A form (an upload) sets its own multipart Content-Type, with the boundary.
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text === '' ? null : safeJson(text);
  if (!response.ok) {
    const message = typeof data?.message === 'string' ? explain(data.message) : `The service answered ${response.status}.`;
    if (response.status === 401 && path !== '/session') onSignedOut();
    throw new ApiFailure(response.status, message, data?.errors ?? {});
  }
  return data as T;
}

/** The API's message, with what to do about it where the page knows better. */
function explain(message: string): string {
  if (message === 'Workspace not found.') return 'Workspace not found. You are not a member of it: an administrator adds members on the Panel.';
  return message;
}

function safeJson(text: string): { message?: unknown; errors?: FieldErrors } | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const del = (path: string) => api<null>('DELETE', path);
/** A multipart upload (`POST /{ws}/media`, field `file`). */
export const upload = <T>(path: string, form: FormData) => api<T>('POST', path, form);

export const query = (params: Record<string, string | number | null | undefined>): string => {
  const entries = Object.entries(params).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()}`;
};

/* Shapes of the public API (PRODUCT.md). */

export interface Session {
  user_id: number;
  is_admin: boolean;
}

export interface Workspace {
  uuid: string;
  name: string;
  created_at?: string;
}

export interface Account {
  id: number;
  provider: string;
  name: string;
  username: string | null;
  authorized: boolean;
  created_at: string;
}

export interface QueueSlot {
  day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
  /** `H:i`, in the queue's time zone. */
  time: string;
}

/** The workspace's posting schedule (`GET`/`PUT /{ws}/queue`). */
export interface Queue {
  timezone: string;
  slots: QueueSlot[];
}

export interface PostAccount {
  id: number;
  provider: string;
  name: string;
  username: string | null;
  external_url: string | null;
  errors: string[];
  /** Per content item, once published: where it is on the platform. */
  items?: Array<{ external_id: string | null; external_url: string | null } | null>;
}

export interface Version {
  account_id: number;
  is_original: boolean;
  content: { body: string; media: string[] }[];
  options?: Record<string, unknown>;
}

export type PostStatus = 'draft' | 'needs_approval' | 'scheduled' | 'publishing' | 'published' | 'failed';

export interface Post {
  uuid: string;
  status: PostStatus;
  versions: Version[];
  accounts: PostAccount[];
  tags: string[];
  scheduled_at: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Page<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

export const WEBHOOK_EVENTS = ['post.scheduled', 'post.published', 'post.failed', 'post.approved'] as const;

export interface Webhook {
  id: number;
  url: string;
  events: string[];
  secret: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
  previous_secret_expires_at: string | null;
  disabled_reason: string | null;
  disabled_at: string | null;
  last_delivery_at: string | null;
  last_delivery_status: string | null;
  success_rate_24h: number | null;
}

export interface DeliveryAttempt {
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  error_kind: string | null;
  response: string | null;
  next_retry_at: string | null;
}

export interface Delivery {
  id: string;
  webhook_id: number;
  event: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
  next_attempt_at: string | null;
  payload: { event: string; post: { uuid: string } };
  created_at: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
}

export interface Token {
  id: number;
  name: string;
  token?: string;
  expires_at: string | null;
  created_at?: string;
  last_used_at?: string | null;
}

export interface Media {
  id: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  url: string;
  created_at: string;
}
