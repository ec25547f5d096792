/**
 * What the settings say of the service's app on each OAuth platform: `OAUTH_<PROVIDER>_CLIENT_ID`,
 * `..._CLIENT_SECRET`, and `..._AUTH_URL`, `..._API_URL`, `..._TOKEN_URL` to move the platform's
 * addresses elsewhere (a local server in tests); each null when not set. Which platforms connect
 * through OAuth, their default addresses and what their authorization pages are asked for are
 * part of each platform's description (`libs/platforms`), which completes these.
 */
export interface OAuthAppOverrides {
  clientId: string | null;
  clientSecret: string | null;
  authUrl: string | null;
  apiUrl: string | null;
  tokenUrl: string | null;
}

/** The service's app on one OAuth platform, complete: its credentials and the addresses it talks to. */
export interface OAuthAppSettings {
  clientId: string | null;
  clientSecret: string | null;
  /** Where the platform's authorization page (and, for LinkedIn and X, its token endpoint) lives: its OAuth server. */
  authUrl: string;
  /** The platform's API. */
  apiUrl: string;
  /** The token endpoint (code exchange and refresh), for the platforms whose endpoint is on a host of its own; null for LinkedIn and X, whose endpoint follows from the URLs above. */
  tokenUrl?: string | null;
}

const FIELDS = { CLIENT_ID: 'clientId', CLIENT_SECRET: 'clientSecret', AUTH_URL: 'authUrl', API_URL: 'apiUrl', TOKEN_URL: 'tokenUrl' } as const;
const SETTING = new RegExp(`^OAUTH_([A-Z0-9]+)_(${Object.keys(FIELDS).join('|')})$`);

/** The `OAUTH_<PROVIDER>_...` settings, by provider (`OAUTH_X_CLIENT_ID` is `x`'s `clientId`). */
export function readOAuthApps(names: readonly string[], read: (name: string) => string | null): Record<string, OAuthAppOverrides> {
  const apps: Record<string, OAuthAppOverrides> = {};
  for (const name of names) {
    const match = SETTING.exec(name);
    const value = match && read(name);
    if (!match || value === null) continue;
    const provider = match[1].toLowerCase();
    apps[provider] ??= { clientId: null, clientSecret: null, authUrl: null, apiUrl: null, tokenUrl: null };
    apps[provider][FIELDS[match[2] as keyof typeof FIELDS]] = value;
  }
  return apps;
}
