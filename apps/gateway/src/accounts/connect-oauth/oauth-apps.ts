import { createHash } from 'node:crypto';
import { AppConfig, OAUTH_PROVIDER_NAMES, OAuthProviderName } from '@app/config';

/** What the authorization page of each OAuth platform is asked for. */
const AUTHORIZATION: Record<OAuthProviderName, { path: string; scopes: string; pkce: boolean }> = {
  // Member posts and the member's name (OpenID Connect).
  linkedin: { path: '/authorization', scopes: 'openid profile w_member_social', pkce: false },
  // Posting with images, reading the account, and a refresh token (offline.access).
  x: { path: '/authorize', scopes: 'tweet.read tweet.write users.read media.write offline.access', pkce: true },
};

export const isOAuthProvider = (provider: string): provider is OAuthProviderName => (OAUTH_PROVIDER_NAMES as readonly string[]).includes(provider);

/** Where the platform sends the user back: this service's callback for the provider. */
export const redirectUriOf = (config: AppConfig, provider: OAuthProviderName): string => `${config.publicUrl}/api/oauth/${provider}/callback`;

/** Why the service cannot send users to this platform, or null when it can. */
export function unconfiguredReason(config: AppConfig, provider: OAuthProviderName): string | null {
  const app = config.oauth[provider];
  if (app.clientId && app.clientSecret) return null;
  const prefix = `OAUTH_${provider.toUpperCase()}_`;
  return `${provider} is not configured on this service: set ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET.`;
}

/** The platform's authorization page for this state (with the PKCE challenge where the platform takes one). */
export function authorizeUrlOf(config: AppConfig, provider: OAuthProviderName, state: string, codeVerifier: string): string {
  const { path, scopes, pkce } = AUTHORIZATION[provider];
  const url = new URL(`${config.oauth[provider].authUrl}${path}`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.oauth[provider].clientId ?? '');
  url.searchParams.set('redirect_uri', redirectUriOf(config, provider));
  url.searchParams.set('scope', scopes);
  url.searchParams.set('state', state);
  if (pkce) {
    url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/** Whether the platform is sent the verifier with the code (it was sent its challenge). */
export const usesPkce = (provider: OAuthProviderName): boolean => AUTHORIZATION[provider].pkce;
