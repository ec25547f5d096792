import { createApiClient, type FieldErrors, type Me, type Post, type TokenSummary } from '@app/client';

/*
 * The public API, as the dashboard calls it: the typed client made from the OpenAPI document
 * (@app/client), same origin, signed in by the session cookie. Its shapes are the document's.
 */
export type {
  Account,
  AnalyticsDay,
  AccountBestTimes,
  BestTime,
  BestTimes,
  DeadLetter,
  Feed,
  DeliveryAttempt,
  FieldErrors,
  Media,
  Post,
  PostAccount,
  PostHistoryEntry,
  PostMetrics,
  PostMetricsEntry,
  PostingQueue,
  PostPage,
  PostStatus,
  PostVersion,
  PostPreview,
  ReviewNote,
  PreviewLink,
  MadePreviewLink,
  Pipeline,
  QueueSlot,
  Schemas,
  Token,
  TokenSummary,
  User,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventChoice,
  Workspace,
  paths,
} from '@app/client';

/**
 * Who is signed in, as `/api/session` answers (the dashboard's own routes, outside the document):
 * the user as `GET /api/me` names them, and the token they signed in with.
 */
export type Session = Pick<Me, 'user_id' | 'is_admin'> & { token_id: TokenSummary['id'] };

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
 * The client. Writes carry X-Requested-With: the gateway refuses a cookie-signed write without it
 * (a cross-site page cannot add that header).
 */
export const api = createApiClient({ credentials: 'same-origin', headers: { accept: 'application/json' } });
api.use({
  onRequest: ({ request }) => {
    if (request.method !== 'GET') request.headers.set('x-requested-with', 'dashboard');
    return request;
  },
});

/** The parameters of a route in a workspace. */
export const inWorkspace = (workspaceUuid: string) => ({ params: { path: { workspaceUuid } } });

/**
 * The parameters of a change to a post as the page read it (`PUT`, `DELETE`, approve): its path,
 * and `If-Match` with the revision it was read at. The API refuses the change (412, whose message
 * the page shows) when someone changed the post since: an approval approves what its approver
 * saw, and a stale tab overwrites no newer edit.
 */
export const postAsRead = (workspaceUuid: string, post: Pick<Post, 'uuid' | 'revision'>) => ({
  params: { path: { workspaceUuid, postUuid: post.uuid }, header: { 'If-Match': `"${post.revision}"` } },
});

/** The data of a success; a failure throws an ApiFailure with the API's message and field errors (a 401 signs out). */
export async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw failureOf(response, error, true);
}

/** `POST`, `GET` or `DELETE /api/session`: the dashboard's sign-in, kept out of the API's document (DELETE answers nothing). */
export async function sessionRequest(method: 'GET' | 'POST' | 'DELETE', body?: { token: string }): Promise<Session> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-requested-with'] = 'dashboard';
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch('/api/session', { method, headers, credentials: 'same-origin', body: body && JSON.stringify(body) });
  const text = await response.text();
  const data = text === '' ? null : safeJson(text);
  if (!response.ok) throw failureOf(response, data, false);
  return data as Session;
}

function failureOf(response: Response, error: unknown, signOutOn401: boolean): ApiFailure {
  const body = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; errors?: FieldErrors };
  const message = typeof body.message === 'string' ? explain(body.message) : `The service answered ${response.status}.`;
  if (response.status === 401 && signOutOn401) onSignedOut();
  return new ApiFailure(response.status, message, body.errors ?? {});
}

/** The API's message, with what to do about it where the page knows better. */
function explain(message: string): string {
  if (message === 'Workspace not found.') return 'Workspace not found. You are not a member of it: an administrator adds members on the Panel.';
  return message;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The events a webhook may subscribe to, in the order the pages list them: the server's catalogue. */
export { ALL_WEBHOOK_EVENTS, DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENT_CATALOGUE, WEBHOOK_EVENTS } from '@app/client';
