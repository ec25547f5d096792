import type { OAuthAppSettings } from '@app/config';
import { requireString } from '../account-fields';
import { ProviderHttp } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';
import { exchangeCode, OAuthTokenEndpoint, OAuthTokens } from './oauth-tokens';

/**
 * What connects an OAuth account: the code of the platform's redirect (`code`, `redirect_uri`,
 * and `code_verifier` where PKCE is used), which the gateway's connect flow sends; or tokens a
 * client obtained itself (`access_token`, optionally `refresh_token`).
 */
export function validateOAuthCredentials(credentials: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (credentials.access_token !== undefined) {
    requireString(credentials, 'credentials', 'access_token', errors);
    if (credentials.refresh_token !== undefined) requireString(credentials, 'credentials', 'refresh_token', errors);
    return errors;
  }
  requireString(credentials, 'credentials', 'code', errors);
  requireString(credentials, 'credentials', 'redirect_uri', errors);
  if (credentials.code_verifier !== undefined) requireString(credentials, 'credentials', 'code_verifier', errors);
  return errors;
}

/** The token endpoint of the service's app, or why there is none (the app is not configured). */
export function tokenEndpointOf(provider: string, app: OAuthAppSettings, tokenUrl: string, clientAuth: OAuthTokenEndpoint['clientAuth']): OAuthTokenEndpoint | ProviderFailure {
  if (!app.clientId || !app.clientSecret) {
    const prefix = `OAUTH_${provider.toUpperCase()}_`;
    return { kind: 'rejected', message: `${provider} is not configured on this service: set ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET.` };
  }
  return { tokenUrl, clientId: app.clientId, clientSecret: app.clientSecret, clientAuth };
}

/** The account's first tokens: the code exchanged, or the tokens given. */
export async function firstTokens(http: ProviderHttp, endpoint: OAuthTokenEndpoint | ProviderFailure, credentials: Record<string, unknown>): Promise<OAuthTokens | ProviderFailure> {
  if (typeof credentials.access_token === 'string') {
    return { access_token: credentials.access_token, refresh_token: typeof credentials.refresh_token === 'string' ? credentials.refresh_token : null, expires_at: null };
  }
  if ('kind' in endpoint) return endpoint;
  return exchangeCode(http, endpoint, {
    code: String(credentials.code),
    redirectUri: String(credentials.redirect_uri),
    codeVerifier: typeof credentials.code_verifier === 'string' ? credentials.code_verifier : undefined,
  });
}
