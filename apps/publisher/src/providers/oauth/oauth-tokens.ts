import { classifyFailure, HttpAnswer, platformMessage, ProviderHttp } from '../http/provider-http';
import { ProviderFailure, SessionStore } from '../publish-provider';

/** Where and how the service's app gets tokens of one OAuth platform. */
export interface OAuthTokenEndpoint {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `basic`: the client authenticates with HTTP Basic (X); `body`: with client_id and client_secret in the form (LinkedIn). */
  clientAuth: 'basic' | 'body';
  /** The form field of the client id, `client_id` unless told (TikTok: `client_key`). */
  clientIdField?: string;
}

/** The tokens of an account, kept as its session (encrypted with the account). */
export interface OAuthTokens {
  access_token: string;
  refresh_token: string | null;
  /** When the access token expires (epoch milliseconds); null when the platform did not say. */
  expires_at: number | null;
}

/** A token this close to its expiry is refreshed before it is used. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;

/** The code of an authorization (from the platform's redirect) exchanged for the account's tokens. */
export function exchangeCode(
  http: ProviderHttp,
  endpoint: OAuthTokenEndpoint,
  grant: { code: string; redirectUri: string; codeVerifier?: string },
  now = Date.now(),
): Promise<OAuthTokens | ProviderFailure> {
  const form: Record<string, string> = { grant_type: 'authorization_code', code: grant.code, redirect_uri: grant.redirectUri };
  if (grant.codeVerifier) form.code_verifier = grant.codeVerifier;
  return requestTokens(http, endpoint, form, null, now);
}

/** New tokens for a refresh token; a refusal means the account must be connected again. */
export async function refreshTokens(http: ProviderHttp, endpoint: OAuthTokenEndpoint, refreshToken: string, now = Date.now()): Promise<OAuthTokens | ProviderFailure> {
  const refreshed = await requestTokens(http, endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken, now);
  if ('access_token' in refreshed || refreshed.kind === 'retry_later' || refreshed.kind === 'unknown') return refreshed;
  return { kind: 'reauthorize', message: `The platform refused to refresh the access token: ${refreshed.message}` };
}

/**
 * The access token of a connected account, refreshed first when it expires within
 * REFRESH_BEFORE_EXPIRY_MS. One refresh per account at a time (across replicas too): platforms
 * that rotate refresh tokens refuse the one a refresh used, so a caller that waited for another's
 * refresh uses the tokens it stored instead of refreshing again. The new tokens are saved before
 * they are used, so a crash right after a refresh does not lose a rotated refresh token.
 */
export function accessTokenOf(http: ProviderHttp, endpoint: OAuthTokenEndpoint, session: SessionStore, now = Date.now()): Promise<string | ProviderFailure> {
  return accessTokenWith(session, (refreshToken) => refreshTokens(http, endpoint, refreshToken, now), now);
}

/**
 * `accessTokenOf` for platforms whose refresh is not the OAuth refresh grant (Instagram and Threads
 * refresh the long-lived access token itself: give it as the refresh token): `refresh` is called
 * under the account's lock, at most once per expiry; a refusal it answers as `rejected` should be
 * `reauthorize` (see `refreshTokens`).
 */
export async function accessTokenWith(session: SessionStore, refresh: (refreshToken: string) => Promise<OAuthTokens | ProviderFailure>, now = Date.now()): Promise<string | ProviderFailure> {
  const usable = usableToken(tokensOf(await session.load()), now);
  if (usable.kind !== 'refresh') return usable.token;
  return session.exclusively(async (stored) => {
    const current = usableToken(tokensOf(stored), now);
    if (current.kind !== 'refresh') return { result: current.token };
    const refreshed = await refresh(current.refreshToken);
    if (!('access_token' in refreshed)) return { result: refreshed };
    return { result: refreshed.access_token, save: { ...stored, ...refreshed } };
  });
}

/**
 * The account's access token as `accessTokenOf` gives it when the service's app is configured;
 * without the app's credentials (`endpoint` is why there are none) no refresh is possible, and
 * the token stands as stored, as long as the platform takes it.
 */
export async function currentAccessToken(http: ProviderHttp, endpoint: OAuthTokenEndpoint | ProviderFailure, session: SessionStore): Promise<string | ProviderFailure> {
  if (!('kind' in endpoint)) return accessTokenOf(http, endpoint, session);
  return tokensOf(await session.load())?.access_token ?? endpoint;
}

/**
 * A new access token for one the platform refused (401) before its known expiry (revoked, or sent
 * directly with no expiry), under the account's lock: the token another call stored meanwhile,
 * else a refresh, stored before it is used. Null when there is nothing to try (no refresh token,
 * or no app to refresh with): the refusal stands.
 */
export function renewRefusedToken(http: ProviderHttp, endpoint: OAuthTokenEndpoint | ProviderFailure, session: SessionStore, refused: string): Promise<string | ProviderFailure | null> {
  if ('kind' in endpoint) return Promise.resolve(null);
  return session.exclusively<string | ProviderFailure | null>(async (stored) => {
    const tokens = tokensOf(stored);
    if (tokens && tokens.access_token !== refused) return { result: tokens.access_token };
    if (!tokens?.refresh_token) return { result: null };
    const refreshed = await refreshTokens(http, endpoint, tokens.refresh_token);
    if (!('access_token' in refreshed)) return { result: refreshed };
    return { result: refreshed.access_token, save: { ...stored, ...refreshed } };
  });
}

/** The access token to use as it is (or why there is none), or the refresh token to refresh it with. */
function usableToken(tokens: OAuthTokens | null, now: number): { kind: 'use'; token: string | ProviderFailure } | { kind: 'refresh'; refreshToken: string } {
  if (!tokens) return { kind: 'use', token: { kind: 'reauthorize', message: 'The account holds no access token; connect it again.' } };
  if (tokens.expires_at === null || tokens.expires_at - now > REFRESH_BEFORE_EXPIRY_MS) return { kind: 'use', token: tokens.access_token };
  if (tokens.refresh_token) return { kind: 'refresh', refreshToken: tokens.refresh_token };
  if (tokens.expires_at > now) return { kind: 'use', token: tokens.access_token };
  return { kind: 'use', token: { kind: 'reauthorize', message: 'The access token expired and the platform gave no refresh token; connect the account again.' } };
}

/**
 * When the access token a session holds expires, if it cannot be refreshed (the platform gave an
 * expiry and no refresh token): the account must then be connected again. Null otherwise (no
 * OAuth tokens, no known expiry, or a refresh token that renews it).
 */
export function unrefreshableExpiry(session: Record<string, unknown> | null): Date | null {
  const tokens = tokensOf(session);
  return tokens && tokens.refresh_token === null && tokens.expires_at !== null ? new Date(tokens.expires_at) : null;
}

export function tokensOf(session: Record<string, unknown> | null): OAuthTokens | null {
  if (!session || typeof session.access_token !== 'string') return null;
  return {
    access_token: session.access_token,
    refresh_token: typeof session.refresh_token === 'string' ? session.refresh_token : null,
    expires_at: typeof session.expires_at === 'number' ? session.expires_at : null,
  };
}

async function requestTokens(
  http: ProviderHttp,
  endpoint: OAuthTokenEndpoint,
  form: Record<string, string>,
  previousRefreshToken: string | null,
  now: number,
): Promise<OAuthTokens | ProviderFailure> {
  const headers: Record<string, string> = {};
  const fields = new URLSearchParams(form);
  if (endpoint.clientAuth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(endpoint.clientId)}:${encodeURIComponent(endpoint.clientSecret)}`).toString('base64')}`;
  } else {
    fields.set(endpoint.clientIdField ?? 'client_id', endpoint.clientId);
    fields.set('client_secret', endpoint.clientSecret);
  }
  if (endpoint.clientAuth === 'basic') fields.set(endpoint.clientIdField ?? 'client_id', endpoint.clientId);
  const answer = await http.send({ method: 'POST', url: endpoint.tokenUrl, headers, bytes: { data: Buffer.from(fields.toString()), contentType: 'application/x-www-form-urlencoded' } });
  if (answer.kind === 'answer' && answer.status === 200) {
    const body = answer.body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
    if (typeof body?.access_token === 'string') {
      return {
        access_token: body.access_token,
        // A platform that does not rotate refresh tokens leaves the one it gave before in force.
        refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : previousRefreshToken,
        expires_at: typeof body.expires_in === 'number' ? now + body.expires_in * 1000 : null,
      };
    }
  }
  return tokenFailure(answer);
}

/** OAuth errors are `{error, error_description}`; a refused grant (400 invalid_grant) is a definite refusal. */
function tokenFailure(answer: HttpAnswer): ProviderFailure {
  const failure = classifyFailure(answer, { message: platformMessage(answer, ['error_description', 'error', 'message']), resetMs: null, repeatable: true });
  return failure.kind === 'reauthorize' ? { kind: 'rejected', message: failure.message } : failure;
}
