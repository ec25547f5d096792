import { randomBytes } from 'node:crypto';
import { GraphAnswer, graphError, ThreadsUser } from './threads-graph-answers';

interface AccessToken {
  user: ThreadsUser;
  expiresAt: number;
  scopes: ReadonlySet<string>;
}

/** The permissions a token given directly (as a client would have got it) carries: what the provider uses. */
export const ALL_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_read_replies', 'threads_delete', 'threads_manage_insights'] as const;

/** A short-lived token lives an hour; a long-lived one 60 days. */
const SHORT_LIVED_SECONDS = 3600;
const LONG_LIVED_SECONDS = 5_184_000;

/**
 * Threads' authorization and tokens: `GET /oauth/authorize` (the user approves at once and is
 * redirected with `code` and `state`), `POST /oauth/access_token` (the code exchanged for a
 * short-lived token and the user id; the app's id and secret in the form), `GET /access_token`
 * (`th_exchange_token`: a short-lived token for a long-lived one) and `GET /refresh_access_token`
 * (`th_refresh_token`: a long-lived token for a new one). Tokens are checked as the Graph API
 * checks them: unknown, expired or of a user who removed the app, a 400 with code 190.
 */
export class ThreadsOAuthApi {
  readonly clientId = '7100200300400500';
  readonly clientSecret = 'threads-app-secret';
  /** Who approves the next authorization; set by a test before it follows an authorize URL. */
  approvingUser: ThreadsUser | null = null;
  /** Refresh requests answered, refused ones included. */
  refreshes = 0;
  private readonly tokens = new Map<string, AccessToken>();
  private readonly codes = new Map<string, { user: ThreadsUser; redirectUri: string; scopes: ReadonlySet<string> }>();
  private readonly usedCodes = new Set<string>();
  private readonly revoked = new Set<string>();

  /** A long-lived token of the user, as a client that did the OAuth flow itself holds it. */
  issueLongLived(user: ThreadsUser, scopes: ReadonlySet<string> = new Set(ALL_SCOPES)): string {
    return this.issue(user, true, scopes);
  }

  /** The user removed the app: every token they hold now is refused (a new authorization gives new ones). */
  revoke(user: ThreadsUser): void {
    for (const [token, found] of this.tokens) if (found.user.id === user.id) this.revoked.add(token);
  }

  /** The token's user and permissions, or the Graph API's refusal of it. */
  check(token: string): AccessToken | GraphAnswer {
    const found = this.tokens.get(token);
    if (!found) return graphError({ message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 });
    if (this.revoked.has(token)) {
      return graphError({ message: `Error validating access token: The user has not authorized application ${this.clientId}.`, type: 'OAuthException', code: 190, error_subcode: 458 });
    }
    if (found.expiresAt <= Date.now()) {
      const message = `Error validating access token: Session has expired on ${new Date(found.expiresAt).toUTCString()}. The current time is ${new Date().toUTCString()}.`;
      return graphError({ message, type: 'OAuthException', code: 190, error_subcode: 463 });
    }
    return found;
  }

  authorize(url: URL): GraphAnswer {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== this.clientId || url.searchParams.get('response_type') !== 'code' || !this.approvingUser) {
      return graphError({ message: 'Invalid platform app', type: 'OAuthException', code: 1 });
    }
    const code = randomBytes(24).toString('base64url');
    const scopes = new Set((url.searchParams.get('scope') ?? '').split(',').filter(Boolean));
    this.codes.set(code, { user: this.approvingUser, redirectUri, scopes });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    // Threads ends the redirect with `#_`.
    return { status: 302, headers: { location: `${back.toString()}#_` } };
  }

  /** `POST /oauth/access_token`: the code of an authorization for a short-lived token. */
  exchangeCode(form: URLSearchParams): GraphAnswer {
    const app = this.checkApp(form.get('client_id'), form.get('client_secret'));
    if (app) return app;
    if (form.get('grant_type') !== 'authorization_code') return graphError({ message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
    const code = form.get('code') ?? '';
    if (this.usedCodes.has(code)) return graphError({ message: 'This authorization code has been used.', type: 'OAuthException', code: 100, error_subcode: 36009 });
    const grant = this.codes.get(code);
    if (!grant) return graphError({ message: 'Invalid verification code format.', type: 'OAuthException', code: 100, error_subcode: 36008 });
    if (grant.redirectUri !== form.get('redirect_uri')) {
      return graphError({ message: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', type: 'OAuthException', code: 100, error_subcode: 36008 });
    }
    this.codes.delete(code);
    this.usedCodes.add(code);
    return { status: 200, body: { access_token: this.issue(grant.user, false, grant.scopes), user_id: Number(grant.user.id) } };
  }

  /** `GET /access_token?grant_type=th_exchange_token`: a short-lived token for a long-lived one. */
  exchangeForLongLived(query: URLSearchParams): GraphAnswer {
    if (query.get('grant_type') !== 'th_exchange_token') return graphError({ message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
    const app = this.checkApp(this.clientId, query.get('client_secret'));
    if (app) return app;
    const token = this.check(query.get('access_token') ?? '');
    if ('status' in token) return token;
    return this.longLivedAnswer(this.issue(token.user, true, token.scopes));
  }

  /** `GET /refresh_access_token?grant_type=th_refresh_token`: a valid long-lived token for a new one, valid 60 days from now. */
  refresh(query: URLSearchParams): GraphAnswer {
    this.refreshes++;
    if (query.get('grant_type') !== 'th_refresh_token') return graphError({ message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
    const token = this.check(query.get('access_token') ?? '');
    if ('status' in token) return token;
    return this.longLivedAnswer(this.issue(token.user, true, token.scopes));
  }

  private longLivedAnswer(token: string): GraphAnswer {
    return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS } };
  }

  private checkApp(clientId: string | null, clientSecret: string | null): GraphAnswer | null {
    if (clientId !== this.clientId) return graphError({ message: 'Error validating application. Invalid application ID.', type: 'OAuthException', code: 101 });
    if (clientSecret !== this.clientSecret) return graphError({ message: 'Error validating client secret.', type: 'OAuthException', code: 1 });
    return null;
  }

  private issue(user: ThreadsUser, longLived: boolean, scopes: ReadonlySet<string>): string {
    const token = `TH${randomBytes(30).toString('base64url')}`;
    this.tokens.set(token, { user, scopes, expiresAt: Date.now() + (longLived ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS) * 1000 });
    return token;
  }
}
