import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';

/** A Reddit account. */
export interface RedditUser {
  /** Base36, as Reddit's ids are (the fullname is `t2_<id>`). */
  id: string;
  name: string;
}

/** What an endpoint answers: a status, a JSON body and headers of its own. */
export type Send = (status: number, answer?: unknown, headers?: Record<string, string>) => void;

interface Grant {
  user: RedditUser;
  redirectUri: string;
  /** `permanent` grants come with a refresh token; `temporary` ones do not. */
  duration: string;
}

/**
 * Reddit's OAuth 2 (its OAuth2 wiki), for a web app: `GET /api/v1/authorize` (the user approves
 * at once and is redirected with `state` and `code`), `POST /api/v1/access_token` with the app in
 * HTTP Basic: `grant_type=authorization_code` (the code once, with its redirect URI) or
 * `grant_type=refresh_token`. Access tokens live an hour; a permanent grant's refresh token is
 * not rotated, and a refresh answers no new one. A refused grant is answered `{"error":
 * "invalid_grant"}` with status 200; a wrong client is a 401.
 */
export class RedditOAuth {
  readonly clientId = 'reddit-client-id';
  readonly clientSecret = 'reddit-client-secret';
  /** Who approves the next authorization; set by a test before it follows an authorize URL. */
  approvingUser: RedditUser | null = null;
  /** Seconds an access token lives (Reddit: an hour). */
  tokenLifetimeSeconds = 3600;
  /** Refresh requests the token endpoint answered, refused ones included. */
  refreshes = 0;
  private readonly accessTokens = new Map<string, { user: RedditUser; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, RedditUser>();
  private readonly codes = new Map<string, Grant>();

  /** Tokens of a user, as a permanent grant would have issued them. */
  tokensOf(user: RedditUser): { access_token: string; refresh_token: string } {
    return { access_token: this.issueAccess(user), refresh_token: this.issueRefresh(user) };
  }

  /** The user whose access token this is, while it is valid. */
  userOf(token: string): RedditUser | null {
    const access = this.accessTokens.get(token);
    return access && access.expiresAt > Date.now() ? access.user : null;
  }

  /** Every access token of the user stops working before its hour is over (as if it had expired). */
  expireAccessTokens(user: RedditUser): void {
    for (const [token, access] of this.accessTokens) if (access.user.id === user.id) this.accessTokens.delete(token);
  }

  /** Every refresh token of the user is revoked (the user removed the app). */
  revokeRefreshTokens(user: RedditUser): void {
    for (const [token, owner] of this.refreshTokens) if (owner.id === user.id) this.refreshTokens.delete(token);
  }

  authorize(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== this.clientId || url.searchParams.get('response_type') !== 'code' || !this.approvingUser) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('invalid client id or response type');
      return;
    }
    const code = randomBytes(20).toString('base64url');
    this.codes.set(code, { user: this.approvingUser, redirectUri, duration: url.searchParams.get('duration') ?? 'temporary' });
    const back = new URL(redirectUri);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.toString() }).end();
  }

  token(req: IncomingMessage, body: Buffer, send: Send): void {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(401, { message: 'Unauthorized', error: 401 });
    const form = new URLSearchParams(body.toString());
    const scope = 'identity submit read flair edit history';
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = this.codes.get(code);
      this.codes.delete(code);
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(200, { error: 'invalid_grant' });
      const refresh = grant.duration === 'permanent' ? { refresh_token: this.issueRefresh(grant.user) } : {};
      return send(200, { access_token: this.issueAccess(grant.user), token_type: 'bearer', expires_in: this.tokenLifetimeSeconds, scope, ...refresh });
    }
    if (form.get('grant_type') === 'refresh_token') {
      this.refreshes++;
      const user = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!user) return send(200, { error: 'invalid_grant' });
      return send(200, { access_token: this.issueAccess(user), token_type: 'bearer', expires_in: this.tokenLifetimeSeconds, scope });
    }
    send(200, { error: 'unsupported_grant_type' });
  }

  private issueAccess(user: RedditUser): string {
    const token = `${Date.now()}-${randomBytes(18).toString('base64url')}`;
    this.accessTokens.set(token, { user, expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000 });
    return token;
  }

  private issueRefresh(user: RedditUser): string {
    const token = `${Date.now()}-${randomBytes(18).toString('base64url')}`;
    this.refreshTokens.set(token, user);
    return token;
  }
}
