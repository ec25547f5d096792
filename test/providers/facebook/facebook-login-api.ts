import { randomBytes } from 'node:crypto';
import { FacebookGraphState, FacebookUser } from './facebook-graph-state';
import { graphError, GraphAnswer, invalidToken, ok } from './graph-answers';

/** A short-lived user token lives about an hour and a half; a long-lived one 60 days. */
const SHORT_LIVED_SECONDS = 5_183;
const LONG_LIVED_SECONDS = 5_183_944;

/**
 * Facebook Login as the local Graph API answers it: the login dialog (`GET /dialog/oauth`: the
 * user approves at once and is sent back with `code` and `state`), the token endpoint
 * (`GET /oauth/access_token`: the code with the app's id, secret and the same redirect URI gives
 * a short-lived user token; `grant_type=fb_exchange_token` makes a user token long-lived), and
 * the user's Pages with their tokens (`GET /me/accounts`; a Page token given for a long-lived
 * user token does not expire).
 */
export class FacebookLoginApi {
  readonly clientId = '1234567890123456';
  readonly clientSecret = 'facebook-app-secret';
  /** Who approves the next login; set by a test before it follows a dialog address. */
  approvingUser: FacebookUser | null = null;
  /** Token requests answered, refused ones included. */
  tokenRequests = 0;
  private readonly codes = new Map<string, { user: FacebookUser; redirectUri: string }>();

  constructor(private readonly state: FacebookGraphState) {}

  /** `GET /dialog/oauth`: a redirect to the app with a code, or null when the request is not one the dialog takes. */
  dialog(query: URLSearchParams): { location: string } | null {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== this.clientId || !this.approvingUser || !/^https?:\/\//.test(redirectUri)) return null;
    const code = randomBytes(32).toString('base64url');
    this.codes.set(code, { user: this.approvingUser, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    return { location: `${back.toString()}#_=_` };
  }

  /** `GET /oauth/access_token`: a user token for a code, or a long-lived one for a user token. */
  accessToken(query: URLSearchParams): GraphAnswer {
    this.tokenRequests++;
    if (query.get('client_id') !== this.clientId) return graphError({ message: 'Error validating application. Invalid application ID.', code: 101 });
    if (query.get('client_secret') !== this.clientSecret) return graphError({ message: 'Error validating client secret.', code: 1 });
    if (query.get('grant_type') === 'fb_exchange_token') {
      const owner = this.state.tokens.get(query.get('fb_exchange_token') ?? '');
      if (owner?.kind !== 'user' || owner.expiresAt <= Date.now()) return invalidToken('Error validating access token: The session is invalid because the user logged out.');
      return this.issue(owner.user, LONG_LIVED_SECONDS, true);
    }
    const code = query.get('code') ?? '';
    const grant = this.codes.get(code);
    if (!grant) return graphError({ message: 'This authorization code has been used.', code: 100, error_subcode: 36009 });
    this.codes.delete(code);
    if (grant.redirectUri !== query.get('redirect_uri')) {
      return graphError({ message: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', code: 100, error_subcode: 36008 });
    }
    return this.issue(grant.user, SHORT_LIVED_SECONDS, false);
  }

  /** A user token, as the token endpoint would have issued it. */
  userToken(user: FacebookUser, longLived = true): string {
    return this.state.token({ kind: 'user', user, expiresAt: Date.now() + (longLived ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS) * 1000, longLived });
  }

  /** `GET /me/accounts` for a user token: each Page the user manages, with a Page token and the user's tasks on it. */
  accounts(user: FacebookUser): GraphAnswer {
    const data = user.pages.map(({ page, tasks }) => ({
      access_token: this.state.token({ kind: 'page', page }),
      category: 'Software',
      category_list: [{ id: '2211', name: 'Software' }],
      name: page.name,
      id: page.id,
      tasks,
    }));
    const cursor = (id: string | undefined) => Buffer.from(id ?? '').toString('base64url');
    return ok({ data, paging: { cursors: { before: cursor(data[0]?.id), after: cursor(data.at(-1)?.id) } } });
  }

  private issue(user: FacebookUser, seconds: number, longLived: boolean): GraphAnswer {
    const token = this.state.token({ kind: 'user', user, expiresAt: Date.now() + seconds * 1000, longLived });
    return ok({ access_token: token, token_type: 'bearer', expires_in: seconds });
  }
}
