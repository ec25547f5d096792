import type { OAuthAppOverrides, OAuthAppSettings } from '@app/config';
import { platformOf, PLATFORMS } from './platform-registry';

/**
 * How a platform connects its accounts through OAuth 2 (authorization code; PKCE where it takes
 * it): where its servers are by default and what its authorization page is asked for. Part of
 * the platform's description; the service's own app on it (client id and secret) and any address
 * moved elsewhere (a local server in tests) come from the settings `OAUTH_<PROVIDER>_...`.
 */
export interface OAuthDescription {
  /** The platform's OAuth server: its authorization page (and, without `tokenUrl`, its token endpoint) is under it. */
  authUrl: string;
  /** The platform's API. */
  apiUrl: string;
  /** The token endpoint (code exchange and refresh), where it is on a host of its own. */
  tokenUrl?: string;
  /** The authorization page, after `authUrl`. */
  path: string;
  scopes: readonly string[];
  /** How the platform separates scopes (a space, as OAuth says, unless told). */
  scopeSeparator?: ',' | ' ';
  pkce: boolean;
  /** The query parameter of the client id (TikTok: `client_key`). */
  clientIdParam?: string;
  /** Further parameters the platform needs to give a refresh token. */
  extra?: Readonly<Record<string, string>>;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** The service's app on a platform: its description's addresses, unless the settings move them, with the settings' credentials. */
export function oauthAppOf(description: OAuthDescription, overrides: OAuthAppOverrides | undefined): OAuthAppSettings {
  return {
    clientId: overrides?.clientId ?? null,
    clientSecret: overrides?.clientSecret ?? null,
    authUrl: trimmed(overrides?.authUrl ?? description.authUrl),
    apiUrl: trimmed(overrides?.apiUrl ?? description.apiUrl),
    // Kept as given: some token endpoints end with a slash (TikTok's).
    tokenUrl: overrides?.tokenUrl ?? description.tokenUrl ?? null,
  };
}

/** The service's app on an OAuth platform, from the platform's description and the settings (`config.oauth`); throws for a provider that does not connect through OAuth. */
export function oauthAppFor(provider: string, settings: Readonly<Record<string, OAuthAppOverrides>>): OAuthAppSettings {
  const description = platformOf(provider)?.oauth;
  if (!description) throw new Error(`${provider} does not connect through OAuth`);
  return oauthAppOf(description, settings[provider]);
}

/** The providers whose accounts connect through OAuth, in the order of the platforms. */
export const OAUTH_PROVIDERS: readonly string[] = PLATFORMS.filter((platform) => platform.oauth !== null).map((platform) => platform.provider);
