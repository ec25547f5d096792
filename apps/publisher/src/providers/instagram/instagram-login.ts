import { HttpAnswer, ProviderHttp } from '../http/provider-http';
import { OAuthTokenEndpoint, OAuthTokens } from '../oauth/oauth-tokens';
import { ProviderFailure } from '../publish-provider';
import { instagramTokenFailure } from './instagram-errors';
import { okBody } from './instagram-graph';

/** What the long-lived token's exchange and refresh answer. */
interface LongLivedToken {
  access_token?: unknown;
  expires_in?: unknown;
}

/**
 * Where the long-lived token is exchanged and refreshed: `graph.instagram.com/access_token` and
 * `/refresh_access_token`, which Instagram documents without a version, so a version at the end
 * of the API's address (`/v21.0`) is left out.
 */
export const tokenHostOf = (apiUrl: string): string => apiUrl.replace(/\/v\d+(\.\d+)?$/, '');

/**
 * The account's tokens from the code of an authorization (Business Login for Instagram): the code
 * exchanged at the token endpoint (a form with the app's id and secret) for a short-lived token,
 * answered as `{data: [{access_token, user_id, permissions}]}` (or unwrapped), then that token
 * exchanged for a long-lived one (`ig_exchange_token`, 60 days). The long-lived token is also the
 * refresh token: Instagram refreshes the token itself.
 */
export async function exchangeCode(http: ProviderHttp, endpoint: OAuthTokenEndpoint, apiUrl: string, code: string, redirectUri: string): Promise<OAuthTokens | ProviderFailure> {
  const form = new URLSearchParams({ client_id: endpoint.clientId, client_secret: endpoint.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code });
  const answer = await http.send({ method: 'POST', url: endpoint.tokenUrl, bytes: { data: Buffer.from(form.toString()), contentType: 'application/x-www-form-urlencoded' } });
  const body = okBody<{ data?: Array<{ access_token?: unknown }>; access_token?: unknown }>(answer);
  const shortLived = body?.data?.[0]?.access_token ?? body?.access_token;
  if (typeof shortLived !== 'string') return instagramTokenFailure(answer);
  const query = new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: endpoint.clientSecret, access_token: shortLived });
  return longLivedTokens(await http.send({ method: 'GET', url: `${tokenHostOf(apiUrl)}/access_token?${query}` }));
}

/** A long-lived token refreshed (`ig_refresh_token`: another 60 days); a refusal means the account must be connected again. */
export async function refreshLongLivedToken(http: ProviderHttp, apiUrl: string, token: string): Promise<OAuthTokens | ProviderFailure> {
  const query = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token });
  const refreshed = longLivedTokens(await http.send({ method: 'GET', url: `${tokenHostOf(apiUrl)}/refresh_access_token?${query}` }));
  if ('access_token' in refreshed || refreshed.kind === 'retry_later' || refreshed.kind === 'unknown') return refreshed;
  return { kind: 'reauthorize', message: `The platform refused to refresh the access token: ${refreshed.message}` };
}

function longLivedTokens(answer: HttpAnswer, now = Date.now()): OAuthTokens | ProviderFailure {
  const body = okBody<LongLivedToken>(answer);
  if (typeof body?.access_token !== 'string') return instagramTokenFailure(answer);
  const expiresAt = typeof body.expires_in === 'number' ? now + body.expires_in * 1000 : null;
  return { access_token: body.access_token, refresh_token: body.access_token, expires_at: expiresAt };
}
