import { randomBytes } from 'node:crypto';
import { GraphAnswer, graphError, GraphErrors, oauthError, ok } from './instagram-graph-answers';

/** An Instagram professional account, as the Instagram API with Instagram Login knows it. */
export interface InstagramUser {
  /** The professional account's id (`user_id`): what the content publishing paths name. */
  id: string;
  /** The app-scoped id (`id` of `/me`). */
  appScopedId: string;
  username: string;
  name: string;
}

interface IssuedToken {
  user: InstagramUser;
  kind: 'short_lived' | 'long_lived';
  expiresAt: number;
}

/** Seconds a short-lived token lives (an hour). */
const SHORT_LIVED_SECONDS = 3600;

/** The scopes the local Instagram grants (all the app asked for, the user approving them all). */
const PERMISSIONS = 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments,instagram_business_manage_insights';

/**
 * Business Login for Instagram as its reference documents it: the authorization page
 * (`GET /oauth/authorize`: the user approves at once and is sent back with `code` and `state`, or
 * with `error=access_denied` when no one approves), the token endpoint (`POST /oauth/access_token`,
 * a form with client_id, client_secret, grant_type=authorization_code, redirect_uri and the code,
 * good once: a short-lived token, answered as `{data: [{access_token, user_id, permissions}]}`,
 * errors as `{error_type, code, error_message}`), the long-lived token
 * (`GET /access_token?grant_type=ig_exchange_token&client_secret=&access_token=`, 60 days) and its
 * refresh (`GET /refresh_access_token?grant_type=ig_refresh_token&access_token=`, another 60 days;
 * the token refreshed stays valid until it expires).
 */
export class InstagramLoginApi {
  readonly clientId = '990123456789012';
  readonly clientSecret = 'instagram-app-secret';
  /** Who approves the next authorization; set by a test before it follows an authorization URL. */
  approvingUser: InstagramUser | null = null;
  /** Seconds a long-lived token lives (60 days). */
  longLivedSeconds = 5_184_000;
  /** Whether the token endpoint answers its token unwrapped (`{access_token, user_id, permissions}`), as it does for some apps. */
  flatCodeAnswer = false;
  /** Refresh requests answered, refused ones included. */
  refreshes = 0;
  private readonly codes = new Map<string, { user: InstagramUser; redirectUri: string }>();
  private readonly tokens = new Map<string, IssuedToken>();

  /** A long-lived token of the user, as the exchange would have issued it (what a client sends as `access_token`). */
  longLivedTokenOf(user: InstagramUser): string {
    return this.issue(user, 'long_lived', this.longLivedSeconds);
  }

  /** The user removed the app: every token of theirs is refused from now on. */
  revokeTokens(user: InstagramUser): void {
    for (const [token, issued] of this.tokens) if (issued.user.id === user.id) this.tokens.delete(token);
  }

  /** The user of a token the Graph API takes, or the error it answers for it. */
  userOf(token: string): InstagramUser | GraphAnswer {
    const issued = this.tokens.get(token);
    if (!issued) return GraphErrors.invalidToken();
    if (issued.expiresAt <= Date.now()) return GraphErrors.expiredToken(issued.expiresAt);
    return issued.user;
  }

  authorize(query: URLSearchParams): GraphAnswer {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== this.clientId || query.get('response_type') !== 'code' || !URL.canParse(redirectUri)) {
      return { status: 400, body: { error_type: 'OAuthException', code: 400, error_message: 'Invalid platform app' } };
    }
    const back = new URL(redirectUri);
    if (!this.approvingUser) {
      Object.entries({ error: 'access_denied', error_reason: 'user_denied', error_description: 'The user denied your request.' }).forEach(([name, value]) => back.searchParams.set(name, value));
    } else {
      const code = randomBytes(24).toString('base64url');
      this.codes.set(code, { user: this.approvingUser, redirectUri });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', query.get('state') ?? '');
    // Instagram appends `#_` to the redirect; it is not part of the code.
    return { status: 302, body: null, location: `${back.toString()}#_` };
  }

  exchangeCode(form: URLSearchParams): GraphAnswer {
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) return oauthError('Invalid Client Secret');
    if (form.get('grant_type') !== 'authorization_code') return oauthError('Invalid grant_type');
    const code = form.get('code') ?? '';
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant) return oauthError('Matching code was not found or was already used');
    if (grant.redirectUri !== form.get('redirect_uri')) {
      return oauthError('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
    }
    const token = { access_token: this.issue(grant.user, 'short_lived', SHORT_LIVED_SECONDS), user_id: grant.user.id, permissions: PERMISSIONS };
    return ok(this.flatCodeAnswer ? token : { data: [token] });
  }

  exchangeForLongLived(query: URLSearchParams): GraphAnswer {
    if (query.get('grant_type') !== 'ig_exchange_token') return GraphErrors.missingParameter('grant_type');
    if (query.get('client_secret') !== this.clientSecret) return graphError({ message: 'Error validating client secret.', type: 'OAuthException', code: 1 });
    const issued = this.tokens.get(query.get('access_token') ?? '');
    if (!issued || issued.kind !== 'short_lived' || issued.expiresAt <= Date.now()) return GraphErrors.invalidToken();
    return ok({ access_token: this.issue(issued.user, 'long_lived', this.longLivedSeconds), token_type: 'bearer', expires_in: this.longLivedSeconds });
  }

  refresh(query: URLSearchParams): GraphAnswer {
    this.refreshes++;
    if (query.get('grant_type') !== 'ig_refresh_token') return GraphErrors.missingParameter('grant_type');
    const user = this.userOf(query.get('access_token') ?? '');
    if ('status' in user) return user;
    return ok({ access_token: this.issue(user, 'long_lived', this.longLivedSeconds), token_type: 'bearer', expires_in: this.longLivedSeconds });
  }

  private issue(user: InstagramUser, kind: IssuedToken['kind'], seconds: number): string {
    const token = `IG${randomBytes(30).toString('base64url')}`;
    this.tokens.set(token, { user, kind, expiresAt: Date.now() + seconds * 1000 });
    return token;
  }
}
