import { classifyFailure, HttpAnswer, platformMessage, ProviderHttp } from '../http/provider-http';
import { ProviderConnection, ProviderFailure } from '../publish-provider';

/** An AT Protocol session of the account (`com.atproto.server.createSession`), kept encrypted with the account. */
export interface BlueskySession {
  did: string;
  handle: string;
  accessJwt: string;
  refreshJwt: string;
}

export const DEFAULT_SERVICE = 'https://bsky.social';

export const serviceOf = (settings: Record<string, unknown>): string =>
  (typeof settings.service === 'string' && settings.service.trim() ? settings.service.trim() : DEFAULT_SERVICE).replace(/\/+$/, '');

/** XRPC error bodies are `{error, message}`. */
export const xrpcMessage = (answer: HttpAnswer): string => platformMessage(answer, ['message', 'error']);

const errorName = (answer: HttpAnswer): string | null =>
  answer.kind === 'answer' && answer.body && typeof answer.body === 'object' ? String((answer.body as { error?: unknown }).error ?? '') : null;

/** The access token is refused: expired (400 ExpiredToken) or not valid (401). */
export const tokenRefused = (answer: HttpAnswer): boolean =>
  answer.kind === 'answer' && (answer.status === 401 || (answer.status === 400 && ['ExpiredToken', 'InvalidToken'].includes(errorName(answer) ?? '')));

/** Bluesky answers rate limits with `ratelimit-reset` (epoch seconds). */
export function resetMsOf(answer: HttpAnswer, now = Date.now()): number | null {
  if (answer.kind !== 'answer') return null;
  const reset = Number(answer.headers['ratelimit-reset']);
  return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : null;
}

export const failureOf = (answer: HttpAnswer, repeatable: boolean): ProviderFailure =>
  classifyFailure(answer, { message: xrpcMessage(answer), resetMs: resetMsOf(answer), repeatable });

function sessionFrom(body: unknown): BlueskySession | null {
  const value = body as Partial<BlueskySession> | null;
  if (!value || typeof value.did !== 'string' || typeof value.accessJwt !== 'string' || typeof value.refreshJwt !== 'string') return null;
  return { did: value.did, handle: String(value.handle ?? value.did), accessJwt: value.accessJwt, refreshJwt: value.refreshJwt };
}

/**
 * Keeps one session per account: logs in with the app password only when there is no session or
 * the PDS refused to refresh it (the PDS limits logins), refreshes an expired access token once
 * per account at a time (refresh tokens are single-use), and never drops a session over a passing
 * error: a 429, a 5xx or no answer while refreshing is `retry_later` with the session kept.
 */
export class BlueskySessions {
  private readonly refreshing = new Map<number, Promise<BlueskySession | ProviderFailure>>();

  constructor(private readonly http: ProviderHttp) {}

  async login(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<BlueskySession | ProviderFailure> {
    const answer = await this.http.send({
      method: 'POST',
      url: `${serviceOf(settings)}/xrpc/com.atproto.server.createSession`,
      json: { identifier: credentials.identifier, password: credentials.app_password },
    });
    const session = answer.kind === 'answer' && answer.status === 200 ? sessionFrom(answer.body) : null;
    if (session) return session;
    // A refused login (401 AuthenticationRequired, 400 for a malformed identifier) needs new credentials.
    if (answer.kind === 'answer' && (answer.status === 401 || answer.status === 400)) return { kind: 'reauthorize', message: xrpcMessage(answer) };
    return failureOf(answer, true);
  }

  /**
   * Runs `call` with the account's session; an access token refused is refreshed once and the
   * call made again. Answers the call's answer and the session it ran with.
   */
  async run(
    connection: ProviderConnection,
    call: (session: BlueskySession) => Promise<HttpAnswer>,
  ): Promise<{ answer: HttpAnswer; session: BlueskySession } | ProviderFailure> {
    let session = sessionFrom(await connection.session.load());
    if (!session) {
      const opened = await this.login(connection.settings, connection.credentials);
      if ('kind' in opened) return opened;
      await connection.session.save({ ...opened });
      session = opened;
    }
    const answer = await call(session);
    if (!tokenRefused(answer)) return { answer, session };
    const refreshed = await this.refresh(connection, session);
    if ('kind' in refreshed) return refreshed;
    const again = await call(refreshed);
    if (tokenRefused(again)) return { kind: 'reauthorize', message: `The PDS refused the session after a refresh: ${xrpcMessage(again)}` };
    return { answer: again, session: refreshed };
  }

  private refresh(connection: ProviderConnection, stale: BlueskySession): Promise<BlueskySession | ProviderFailure> {
    const running = this.refreshing.get(connection.accountId);
    if (running) return running;
    const refresh = this.refreshOnce(connection, stale).finally(() => this.refreshing.delete(connection.accountId));
    this.refreshing.set(connection.accountId, refresh);
    return refresh;
  }

  private async refreshOnce(connection: ProviderConnection, stale: BlueskySession): Promise<BlueskySession | ProviderFailure> {
    // Another replica may have refreshed it meanwhile: its refresh token replaced ours.
    const stored = sessionFrom(await connection.session.load());
    if (stored && stored.accessJwt !== stale.accessJwt) return stored;
    const answer = await this.http.send({
      method: 'POST',
      url: `${serviceOf(connection.settings)}/xrpc/com.atproto.server.refreshSession`,
      headers: { authorization: `Bearer ${stale.refreshJwt}` },
    });
    let session = answer.kind === 'answer' && answer.status === 200 ? sessionFrom(answer.body) : null;
    if (!session) {
      if (!tokenRefused(answer)) return failureOf(answer, true);
      const opened = await this.login(connection.settings, connection.credentials);
      if ('kind' in opened) return opened;
      session = opened;
    }
    await connection.session.save({ ...session });
    return session;
  }
}
