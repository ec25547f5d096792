import { HttpAnswer, ProviderHttp } from '../http/provider-http';
import { OAuthTokenEndpoint, OAuthTokens } from '../oauth/oauth-tokens';
import { ProviderFailure } from '../publish-provider';
import { threadsFailure } from './threads-errors';

/** What Threads answers for a token: the token, and (for a long-lived one) how many seconds it lives. */
interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
}

/**
 * The account's tokens from the code of an authorization: the code exchanged at the token endpoint
 * (`POST /oauth/access_token`, the app's id and secret in the form) for a short-lived token (an
 * hour), which is then exchanged (`GET /access_token?grant_type=th_exchange_token`) for a
 * long-lived one (60 days). Threads refreshes that token itself, so it is kept as the refresh
 * token too. Threads refusing the code (or the app) is a refusal of the credentials.
 */
export async function tokensOfCode(
  http: ProviderHttp,
  endpoint: OAuthTokenEndpoint,
  apiUrl: string,
  grant: { code: string; redirectUri: string },
  now = Date.now(),
): Promise<OAuthTokens | ProviderFailure> {
  const form = new URLSearchParams({ client_id: endpoint.clientId, client_secret: endpoint.clientSecret, grant_type: 'authorization_code', redirect_uri: grant.redirectUri, code: grant.code });
  const exchanged = await http.send({ method: 'POST', url: endpoint.tokenUrl, bytes: { data: Buffer.from(form.toString()), contentType: 'application/x-www-form-urlencoded' } });
  const shortLived = tokenOf(exchanged);
  if (!shortLived) return refusedCredentials(exchanged);
  const query = new URLSearchParams({ grant_type: 'th_exchange_token', client_secret: endpoint.clientSecret, access_token: shortLived.token });
  const longLived = await http.send({ method: 'GET', url: `${apiUrl}/access_token?${query}` });
  const token = tokenOf(longLived);
  if (!token) return refusedCredentials(longLived);
  return { access_token: token.token, refresh_token: token.token, expires_at: token.expiresIn === null ? null : now + token.expiresIn * 1000 };
}

/**
 * A long-lived token refreshed (`GET /refresh_access_token?grant_type=th_refresh_token`): a new
 * one, valid 60 days from now. Threads refusing it means the account must be connected again.
 */
export async function refreshLongLived(http: ProviderHttp, apiUrl: string, token: string, now = Date.now()): Promise<OAuthTokens | ProviderFailure> {
  const query = new URLSearchParams({ grant_type: 'th_refresh_token', access_token: token });
  const answer = await http.send({ method: 'GET', url: `${apiUrl}/refresh_access_token?${query}` });
  const refreshed = tokenOf(answer);
  if (refreshed) return { access_token: refreshed.token, refresh_token: refreshed.token, expires_at: refreshed.expiresIn === null ? null : now + refreshed.expiresIn * 1000 };
  const failure = threadsFailure(answer);
  if (failure.kind === 'retry_later' || failure.kind === 'unknown') return failure;
  return { kind: 'reauthorize', message: `The platform refused to refresh the access token: ${failure.message}` };
}

function tokenOf(answer: HttpAnswer): { token: string; expiresIn: number | null } | null {
  if (answer.kind !== 'answer' || answer.status !== 200 || !answer.body || typeof answer.body !== 'object') return null;
  const { access_token: token, expires_in: expiresIn } = answer.body as TokenAnswer;
  return typeof token === 'string' && token ? { token, expiresIn: typeof expiresIn === 'number' ? expiresIn : null } : null;
}

/** At connect, a refused code or token is a refusal of the credentials (a passing failure stays one). */
function refusedCredentials(answer: HttpAnswer): ProviderFailure {
  const failure = threadsFailure(answer);
  return failure.kind === 'reauthorize' ? { kind: 'rejected', message: failure.message } : failure;
}
