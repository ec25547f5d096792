import { randomBytes } from 'node:crypto';

/** A TikTok user who posts: what the user info and creator info endpoints tell of them. */
export interface TikTokCreator {
  openId: string;
  unionId: string;
  username: string;
  displayName: string;
  /** The privacy levels the creator's account offers (a private account offers no public level). */
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
  /** Why TikTok refuses the creator's posts now (the daily cap reached, a ban), or null when it takes them. */
  postingRefusal: { status: number; code: string; message: string } | null;
}

/** What one endpoint answers: a status, a JSON body, or a redirect. */
export interface TikTokAnswer {
  status: number;
  body?: unknown;
  location?: string;
}

/** The scopes the service's app asks for. */
export const APP_SCOPES = ['user.info.basic', 'video.publish', 'video.list'] as const;

/** The id TikTok gives every answer, for its support (`log_id`, and the `x-tt-logid` header). */
export const logId = (): string => `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(9).toString('hex').toUpperCase()}`;

/** An error of the v2 API: `{data, error: {code, message, log_id}}` with the documented HTTP status. */
export const apiError = (status: number, code: string, message: string): TikTokAnswer => ({ status, body: { data: {}, error: { code, message, log_id: logId() } } });

/** A success of the v2 API: the data, and the error object whose code is `ok`. */
export const apiOk = (data: unknown): TikTokAnswer => ({ status: 200, body: { data, error: { code: 'ok', message: '', log_id: logId() } } });

/** An error of the OAuth endpoints: `{error, error_description, log_id}`. */
const oauthError = (status: number, error: string, description: string): TikTokAnswer => ({ status, body: { error, error_description: description, log_id: logId() } });

const INVALID_GRANT = 'Authorization code is expired.';
const INVALID_REFRESH = 'Refresh token is invalid or expired.';

/** Who a token speaks for, and the scopes the user granted. */
export interface TikTokGrant {
  creator: TikTokCreator;
  scopes: readonly string[];
}

interface Issued extends TikTokGrant {
  expiresAt: number;
}

/**
 * TikTok's Login Kit for the web, as its references document: `GET /v2/auth/authorize/`
 * (`client_key`, `scope` comma-separated, `response_type=code`, `redirect_uri`, `state`; the user
 * approves at once and is sent back with `code`, `scopes` and `state`) and `POST /v2/oauth/token/`
 * (a form with `client_key` and `client_secret`: the code with its redirect URI, or a refresh
 * token). Access tokens live 24 hours, refresh tokens 365 days; a refresh answers a new refresh
 * token and spends the one used. Errors are `{error, error_description, log_id}`.
 */
export class TikTokOAuth {
  readonly clientKey = 'tiktok-client-key';
  readonly clientSecret = 'tiktok-client-secret';
  /** Who approves the next authorization; set by a test before it follows an authorization URL. */
  approvingCreator: TikTokCreator | null = null;
  accessTokenLifetimeSeconds = 86_400;
  readonly refreshTokenLifetimeSeconds = 31_536_000;
  /** Refresh requests the token endpoint answered, refused ones included. */
  refreshes = 0;
  private readonly accessTokens = new Map<string, Issued>();
  private readonly refreshTokens = new Map<string, Issued>();
  private readonly codes = new Map<string, TikTokGrant & { redirectUri: string }>();

  /** Tokens of a creator who granted these scopes, as the token endpoint would have issued them. */
  tokensOf(creator: TikTokCreator, scopes: readonly string[] = APP_SCOPES): { access_token: string; refresh_token: string } {
    const grant = { creator, scopes };
    return { access_token: this.issue(this.accessTokens, 'act.', grant, this.accessTokenLifetimeSeconds), refresh_token: this.issue(this.refreshTokens, 'rft.', grant, this.refreshTokenLifetimeSeconds) };
  }

  /** Every refresh token of the creator is revoked (the creator removed the app). */
  revokeRefreshTokens(openId: string): void {
    for (const [token, issued] of this.refreshTokens) if (issued.creator.openId === openId) this.refreshTokens.delete(token);
  }

  /** The grant of a live access token sent as `Authorization: Bearer`, or null. */
  grantOf(authorization: string | undefined): TikTokGrant | null {
    const issued = this.accessTokens.get(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
    return issued && issued.expiresAt > Date.now() ? issued : null;
  }

  authorize(url: URL): TikTokAnswer {
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (param('client_key') !== this.clientKey) return oauthError(400, 'invalid_client', 'Client key is invalid.');
    if (param('response_type') !== 'code') return oauthError(400, 'unsupported_response_type', 'Response type must be code.');
    const scopes = param('scope').split(',').filter(Boolean);
    if (scopes.length === 0 || !this.approvingCreator) return oauthError(400, 'invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { creator: this.approvingCreator, scopes, redirectUri: param('redirect_uri') });
    const back = new URL(param('redirect_uri'));
    back.searchParams.set('code', code);
    back.searchParams.set('scopes', scopes.join(','));
    back.searchParams.set('state', param('state'));
    return { status: 302, location: back.toString() };
  }

  token(form: URLSearchParams): TikTokAnswer {
    if (form.get('client_key') !== this.clientKey || form.get('client_secret') !== this.clientSecret) return oauthError(401, 'invalid_client', 'Client key or secret is incorrect.');
    let grant: TikTokGrant | undefined;
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri')) return oauthError(400, 'invalid_grant', INVALID_GRANT);
      grant = code;
    } else if (form.get('grant_type') === 'refresh_token') {
      this.refreshes++;
      const issued = this.refreshTokens.get(form.get('refresh_token') ?? '');
      // The refresh token used is spent: the answer carries the one to use next.
      this.refreshTokens.delete(form.get('refresh_token') ?? '');
      if (!issued || issued.expiresAt <= Date.now()) return oauthError(400, 'invalid_grant', INVALID_REFRESH);
      grant = issued;
    } else {
      return oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
    }
    const tokens = this.tokensOf(grant.creator, grant.scopes);
    return {
      status: 200,
      body: {
        ...tokens,
        expires_in: this.accessTokenLifetimeSeconds,
        refresh_expires_in: this.refreshTokenLifetimeSeconds,
        open_id: grant.creator.openId,
        scope: grant.scopes.join(','),
        token_type: 'Bearer',
      },
    };
  }

  private issue(tokens: Map<string, Issued>, prefix: string, grant: TikTokGrant, lifetimeSeconds: number): string {
    const token = `${prefix}${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { ...grant, expiresAt: Date.now() + lifetimeSeconds * 1000 });
    return token;
  }
}
