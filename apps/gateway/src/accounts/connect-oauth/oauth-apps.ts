import { createHash } from 'node:crypto';
import { AppConfig } from '@app/config';
import { OAUTH_PROVIDERS, oauthAppFor, platformOf, type OAuthDescription } from '@app/platforms';

/** A provider whose accounts connect through OAuth. */
export type OAuthProviderName = string;

export const isOAuthProvider = (provider: string): provider is OAuthProviderName => OAUTH_PROVIDERS.includes(provider);

/** What the platform's authorization page is asked for (its description's). */
const authorizationOf = (provider: OAuthProviderName): OAuthDescription => platformOf(provider)!.oauth!;

/** Where the platform sends the user back: this service's callback for the provider. */
export const redirectUriOf = (config: AppConfig, provider: OAuthProviderName): string => `${config.publicUrl}/api/oauth/${provider}/callback`;

/** Why the service cannot send users to this platform, or null when it can. */
export function unconfiguredReason(config: AppConfig, provider: OAuthProviderName): string | null {
  const app = oauthAppFor(provider, config.oauth);
  if (app.clientId && app.clientSecret) return null;
  const prefix = `OAUTH_${provider.toUpperCase()}_`;
  return `${provider} is not configured on this service: set ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET.`;
}

/** The platform's authorization page for this state (with the PKCE challenge where the platform takes one). */
export function authorizeUrlOf(config: AppConfig, provider: OAuthProviderName, state: string, codeVerifier: string): string {
  const { path, scopes, scopeSeparator = ' ', pkce, clientIdParam = 'client_id', extra = {} } = authorizationOf(provider);
  const app = oauthAppFor(provider, config.oauth);
  const url = new URL(`${app.authUrl}${path}`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set(clientIdParam, app.clientId ?? '');
  url.searchParams.set('redirect_uri', redirectUriOf(config, provider));
  url.searchParams.set('scope', scopes.join(scopeSeparator));
  url.searchParams.set('state', state);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  if (pkce) {
    url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/** Whether the platform is sent the verifier with the code (it was sent its challenge). */
export const usesPkce = (provider: OAuthProviderName): boolean => authorizationOf(provider).pkce;
