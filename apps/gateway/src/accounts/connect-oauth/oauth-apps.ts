import { createHash } from 'node:crypto';
import { AppConfig, OAUTH_PROVIDER_NAMES, OAuthProviderName } from '@app/config';

/** What the authorization page of each OAuth platform is asked for, and how it names things. */
interface Authorization {
  /** After the app's `authUrl`. */
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

const AUTHORIZATION: Record<OAuthProviderName, Authorization> = {
  // Member posts and the member's name (OpenID Connect).
  linkedin: { path: '/authorization', scopes: ['openid', 'profile', 'w_member_social'], pkce: false },
  // Posting with images, reading the account, and a refresh token (offline.access).
  x: { path: '/authorize', scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'], pkce: true },
  // The user's Pages and their tokens, publishing as a Page, and reading its posts (the lookup after a lost answer).
  facebook: { path: '/oauth', scopes: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'], scopeSeparator: ',', pkce: false },
  // Instagram API with Instagram Login: the profile, publishing, and comments (the first comment).
  instagram: { path: '/authorize', scopes: ['instagram_business_basic', 'instagram_business_content_publish', 'instagram_business_manage_comments'], scopeSeparator: ',', pkce: false },
  // Publishing, reading replies (to find one whose answer was lost) and deleting.
  threads: { path: '/authorize', scopes: ['threads_basic', 'threads_content_publish', 'threads_read_replies', 'threads_delete'], scopeSeparator: ',', pkce: false },
  // Uploads, the channel, and comments; offline access and consent each time, so that Google gives a refresh token.
  youtube: {
    path: '/auth',
    scopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/youtube.force-ssl'],
    pkce: true,
    extra: { access_type: 'offline', prompt: 'consent' },
  },
  // The profile (the handle needs user.info.profile) and direct posting.
  tiktok: { path: '/authorize/', scopes: ['user.info.basic', 'user.info.profile', 'video.publish'], scopeSeparator: ',', pkce: false, clientIdParam: 'client_key' },
  pinterest: { path: '/', scopes: ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'], scopeSeparator: ',', pkce: false },
  // A permanent grant gives a refresh token; flair needs `flair`, the lookup after a lost answer `history` and `read`, deleting `edit`.
  reddit: { path: '/authorize', scopes: ['identity', 'submit', 'read', 'history', 'flair', 'edit'], pkce: false, extra: { duration: 'permanent' } },
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
  const { path, scopes, scopeSeparator = ' ', pkce, clientIdParam = 'client_id', extra = {} } = AUTHORIZATION[provider];
  const url = new URL(`${config.oauth[provider].authUrl}${path}`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set(clientIdParam, config.oauth[provider].clientId ?? '');
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
export const usesPkce = (provider: OAuthProviderName): boolean => AUTHORIZATION[provider].pkce;
