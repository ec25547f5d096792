import { createHash, randomBytes } from 'node:crypto';
import { ServerResponse } from 'node:http';

/** Who a token speaks for: a Google account and the YouTube channel it holds, if any. */
export interface GoogleAccount {
  /** The channel id (`UC` and 22 characters). */
  channelId: string;
  title: string;
  /** The channel's handle (`@name`), or null. */
  customUrl: string | null;
  /** False for a Google account that has no YouTube channel. */
  hasChannel: boolean;
}

interface Grant {
  account: GoogleAccount;
  redirectUri: string;
  challenge: string | null;
  offline: boolean;
  scope: string;
}

type Send = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** Google's OAuth 2 error bodies, as its token endpoint answers them. */
const INVALID_GRANT = { error: 'invalid_grant', error_description: 'Bad Request' };
const REVOKED = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };

/**
 * Google's OAuth 2 server for web server apps, as its reference documents it: the authorization
 * page (`GET /o/oauth2/v2/auth`, the user consents at once and is sent back to `redirect_uri` with
 * `code`, `scope` and `state`; a refresh token only for `access_type=offline`) and the token
 * endpoint (`POST /token`, the client's id and secret in the form: a code exchanged once, with its
 * PKCE verifier (S256) when a challenge was given; a refresh token, which Google does not rotate).
 * Access tokens live an hour.
 */
export class GoogleOAuth {
  readonly clientId = '1234567890-youtube.apps.googleusercontent.com';
  readonly clientSecret = 'GOCSPX-youtube-secret';
  /** Who consents on the next authorization; set by a test before it follows an authorize URL. */
  approving: GoogleAccount | null = null;
  /** Seconds an access token lives (Google: 3599). */
  tokenLifetimeSeconds = 3599;
  /** Refresh requests the token endpoint answered, refused ones included. */
  refreshes = 0;
  private readonly accessTokens = new Map<string, { account: GoogleAccount; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, GoogleAccount>();
  private readonly codes = new Map<string, Grant>();

  /** Tokens of an account, as the token endpoint would have issued them. */
  tokensOf(account: GoogleAccount): { access_token: string; refresh_token: string } {
    return { access_token: this.issueAccess(account), refresh_token: this.issueRefresh(account) };
  }

  /** The account an unexpired access token speaks for, or null. */
  accountOf(token: string): GoogleAccount | null {
    const access = this.accessTokens.get(token);
    return access && access.expiresAt > Date.now() ? access.account : null;
  }

  /** Every access token of the account stops working (revoked, or expired before its time); its refresh tokens still work. */
  revokeAccessTokens(account: GoogleAccount): void {
    for (const [token, access] of this.accessTokens) if (access.account.channelId === account.channelId) this.accessTokens.delete(token);
  }

  /** Every refresh token of the account is revoked (the user removed the app's access). */
  revokeRefreshTokens(account: GoogleAccount): void {
    for (const [token, owner] of this.refreshTokens) if (owner.channelId === account.channelId) this.refreshTokens.delete(token);
  }

  authorize(url: URL, res: ServerResponse, send: Send): void {
    const params = url.searchParams;
    if (params.get('client_id') !== this.clientId) return send(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    const method = params.get('code_challenge_method');
    if (params.get('response_type') !== 'code' || (params.has('code_challenge') && method !== 'S256') || !this.approving) {
      return send(400, { error: 'invalid_request', error_description: 'Required parameter is missing or invalid.' });
    }
    const code = `4/${randomBytes(24).toString('base64url')}`;
    const scope = params.get('scope') ?? '';
    this.codes.set(code, { account: this.approving, redirectUri: params.get('redirect_uri') ?? '', challenge: params.get('code_challenge'), offline: params.get('access_type') === 'offline', scope });
    const back = new URL(params.get('redirect_uri') ?? '');
    back.searchParams.set('state', params.get('state') ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('scope', scope);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  token(body: Buffer, send: Send): void {
    const form = new URLSearchParams(body.toString());
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) return send(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (form.get('grant_type') === 'authorization_code') return this.exchange(form, send);
    if (form.get('grant_type') === 'refresh_token') {
      this.refreshes++;
      const account = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!account) return send(400, REVOKED);
      // Google keeps the refresh token: the answer has none.
      return send(200, { access_token: this.issueAccess(account), expires_in: this.tokenLifetimeSeconds, scope: SCOPES, token_type: 'Bearer' });
    }
    send(400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${form.get('grant_type') ?? ''}` });
  }

  private exchange(form: URLSearchParams, send: Send): void {
    const code = form.get('code') ?? '';
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(400, INVALID_GRANT);
    if (grant.challenge !== null) {
      const verifier = form.get('code_verifier');
      if (!verifier) return send(400, { error: 'invalid_grant', error_description: 'Missing code verifier.' });
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return send(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    }
    send(200, {
      access_token: this.issueAccess(grant.account),
      expires_in: this.tokenLifetimeSeconds,
      ...(grant.offline ? { refresh_token: this.issueRefresh(grant.account) } : {}),
      scope: grant.scope,
      token_type: 'Bearer',
    });
  }

  private issueAccess(account: GoogleAccount): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { account, expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000 });
    return token;
  }

  private issueRefresh(account: GoogleAccount): string {
    const token = `1//${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(token, account);
    return token;
  }
}

const SCOPES = 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl';
