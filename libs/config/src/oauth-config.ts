/** The platforms whose accounts are connected through OAuth 2 (authorization code; PKCE where the platform takes it). */
export const OAUTH_PROVIDER_NAMES = ['linkedin', 'x', 'facebook', 'instagram', 'threads', 'youtube', 'tiktok', 'pinterest', 'reddit'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];

/**
 * The service's app on one OAuth platform: `OAUTH_<PROVIDER>_CLIENT_ID`, `..._CLIENT_SECRET`,
 * `..._AUTH_URL`, `..._API_URL`, and `..._TOKEN_URL` for the platforms whose token endpoint is on
 * a host of its own.
 */
export interface OAuthAppSettings {
  clientId: string | null;
  clientSecret: string | null;
  /** Where the platform's authorization page (and, for LinkedIn and X, its token endpoint) lives: its OAuth server. */
  authUrl: string;
  /** The platform's API. */
  apiUrl: string;
  /** The token endpoint (code exchange and refresh), for the platforms added with the third round; null for LinkedIn and X, whose endpoint follows from the URLs above. */
  tokenUrl?: string | null;
}

interface AppDefaults {
  authUrl: string;
  apiUrl: string;
  tokenUrl?: string;
}

const DEFAULTS: Record<OAuthProviderName, AppDefaults> = {
  linkedin: { authUrl: 'https://www.linkedin.com/oauth/v2', apiUrl: 'https://api.linkedin.com' },
  x: { authUrl: 'https://x.com/i/oauth2', apiUrl: 'https://api.x.com' },
  facebook: { authUrl: 'https://www.facebook.com/v21.0/dialog', apiUrl: 'https://graph.facebook.com/v21.0', tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token' },
  instagram: { authUrl: 'https://www.instagram.com/oauth', apiUrl: 'https://graph.instagram.com/v21.0', tokenUrl: 'https://api.instagram.com/oauth/access_token' },
  threads: { authUrl: 'https://threads.net/oauth', apiUrl: 'https://graph.threads.net/v1.0', tokenUrl: 'https://graph.threads.net/oauth/access_token' },
  youtube: { authUrl: 'https://accounts.google.com/o/oauth2/v2', apiUrl: 'https://www.googleapis.com', tokenUrl: 'https://oauth2.googleapis.com/token' },
  tiktok: { authUrl: 'https://www.tiktok.com/v2/auth', apiUrl: 'https://open.tiktokapis.com', tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/' },
  pinterest: { authUrl: 'https://www.pinterest.com/oauth', apiUrl: 'https://api.pinterest.com/v5', tokenUrl: 'https://api.pinterest.com/v5/oauth/token' },
  reddit: { authUrl: 'https://www.reddit.com/api/v1', apiUrl: 'https://oauth.reddit.com', tokenUrl: 'https://www.reddit.com/api/v1/access_token' },
};

export function readOAuthApps(read: (name: string) => string | null): Record<OAuthProviderName, OAuthAppSettings> {
  const app = (provider: OAuthProviderName): OAuthAppSettings => {
    const prefix = `OAUTH_${provider.toUpperCase()}_`;
    const trimmed = (url: string) => url.replace(/\/+$/, '');
    const defaults = DEFAULTS[provider];
    const tokenUrl = read(`${prefix}TOKEN_URL`) ?? defaults.tokenUrl ?? null;
    return {
      clientId: read(`${prefix}CLIENT_ID`),
      clientSecret: read(`${prefix}CLIENT_SECRET`),
      authUrl: trimmed(read(`${prefix}AUTH_URL`) ?? defaults.authUrl),
      apiUrl: trimmed(read(`${prefix}API_URL`) ?? defaults.apiUrl),
      // Kept as given: some token endpoints end with a slash (TikTok's).
      tokenUrl,
    };
  };
  return Object.fromEntries(OAUTH_PROVIDER_NAMES.map((provider) => [provider, app(provider)])) as Record<OAuthProviderName, OAuthAppSettings>;
}
