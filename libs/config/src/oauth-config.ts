/** The platforms whose accounts are connected through OAuth 2 (authorization code; PKCE for X). */
export const OAUTH_PROVIDER_NAMES = ['linkedin', 'x'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];

/** The service's app on one OAuth platform: `OAUTH_<PROVIDER>_CLIENT_ID`, `..._CLIENT_SECRET`, `..._AUTH_URL`, `..._API_URL`. */
export interface OAuthAppSettings {
  clientId: string | null;
  clientSecret: string | null;
  /** Where the platform's authorization page and token endpoint live (its OAuth server). */
  authUrl: string;
  /** The platform's API. */
  apiUrl: string;
}

const DEFAULTS: Record<OAuthProviderName, { authUrl: string; apiUrl: string }> = {
  linkedin: { authUrl: 'https://www.linkedin.com/oauth/v2', apiUrl: 'https://api.linkedin.com' },
  x: { authUrl: 'https://x.com/i/oauth2', apiUrl: 'https://api.x.com' },
};

export function readOAuthApps(read: (name: string) => string | null): Record<OAuthProviderName, OAuthAppSettings> {
  const app = (provider: OAuthProviderName): OAuthAppSettings => {
    const prefix = `OAUTH_${provider.toUpperCase()}_`;
    const trimmed = (url: string) => url.replace(/\/+$/, '');
    return {
      clientId: read(`${prefix}CLIENT_ID`),
      clientSecret: read(`${prefix}CLIENT_SECRET`),
      authUrl: trimmed(read(`${prefix}AUTH_URL`) ?? DEFAULTS[provider].authUrl),
      apiUrl: trimmed(read(`${prefix}API_URL`) ?? DEFAULTS[provider].apiUrl),
    };
  };
  return { linkedin: app('linkedin'), x: app('x') };
}
