import { version } from '../../../../../package.json';
import { HttpAnswer, HttpCall, ProviderHttp } from '../http/provider-http';
import { currentAccessToken, OAuthTokenEndpoint, OAuthTokens, refreshTokens, renewRefusedToken } from '../oauth/oauth-tokens';
import { ProviderConnection, ProviderFailure, SessionStore } from '../publish-provider';

/**
 * What every call to Reddit says it is: Reddit's API rules ask for a descriptive User-Agent
 * (`<platform>:<app>:<version>`) and throttle or block clients without one.
 */
export const REDDIT_USER_AGENT = `server:social-publishing-service:${version}`;

/** The service's HTTP, each call (token requests and uploads included) with Reddit's User-Agent. */
export function withRedditUserAgent(http: ProviderHttp): ProviderHttp {
  const send = (call: HttpCall): Promise<HttpAnswer> => http.send({ ...call, headers: { 'user-agent': REDDIT_USER_AGENT, ...call.headers } });
  return Object.assign(Object.create(http) as ProviderHttp, { send });
}

/** A form call's body (`application/x-www-form-urlencoded`), as Reddit's `POST /api/...` endpoints take it; absent fields are left out. */
export function formBody(fields: Record<string, string | null | undefined>): NonNullable<HttpCall['bytes']> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') form.set(name, value);
  return { data: Buffer.from(form.toString()), contentType: 'application/x-www-form-urlencoded' };
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

const FAILURE_KINDS: ReadonlySet<string> = new Set(['retry_later', 'reauthorize', 'rejected', 'unknown']);

/** Whether a call ended before Reddit answered it for want of a usable token. */
export const isTokenFailure = (sent: HttpAnswer | ProviderFailure): sent is ProviderFailure => FAILURE_KINDS.has(sent.kind);

/** A call to make with the access token given. */
export type RedditCall = (token: string) => HttpCall;

/**
 * Calls to Reddit's OAuth API with an account's tokens. The access token lives an hour: it is
 * refreshed before it expires (under the account's lock), and when Reddit refuses it anyway (401:
 * tokens sent directly carry no expiry) it is refreshed once and the call sent again. A 401 says
 * Reddit did nothing, so sending again cannot act twice.
 */
export class RedditApi {
  constructor(
    private readonly http: ProviderHttp,
    private readonly endpoint: OAuthTokenEndpoint | ProviderFailure,
    /** `https://oauth.reddit.com`, or where `OAUTH_REDDIT_API_URL` points. */
    readonly apiUrl: string,
  ) {}

  /** The call with the account's access token: Reddit's answer, or why no token could be had. */
  async send(session: SessionStore, call: RedditCall): Promise<HttpAnswer | ProviderFailure> {
    const token = await currentAccessToken(this.http, this.endpoint, session);
    if (typeof token !== 'string') return token;
    return this.withRenewal(token, call, (refused) => renewRefusedToken(this.http, this.endpoint, session, refused));
  }

  /**
   * `GET /user/{name}/submitted` or `/comments`: the account's newest posts or comments (25,
   * newest first), texts unescaped (`raw_json=1`), where a lost creation is looked for.
   */
  newestOf(connection: ProviderConnection, where: 'submitted' | 'comments'): Promise<HttpAnswer | ProviderFailure> {
    const user = connection.settings.user_name;
    if (typeof user !== 'string' || !user) return Promise.resolve({ kind: 'rejected', message: 'The Reddit account has no user name in its settings; connect it again.' });
    return this.send(connection.session, (token) => ({ method: 'GET', url: `${this.apiUrl}/user/${encodeURIComponent(user)}/${where}?limit=25&sort=new&raw_json=1`, headers: bearer(token) }));
  }

  /** The call with tokens not stored yet (an account being connected); `tokens` is updated when they were refreshed. */
  sendWith(tokens: OAuthTokens, call: RedditCall): Promise<HttpAnswer | ProviderFailure> {
    return this.withRenewal(tokens.access_token, call, async () => {
      if (!tokens.refresh_token || 'kind' in this.endpoint) return null;
      const refreshed = await refreshTokens(this.http, this.endpoint, tokens.refresh_token);
      if (!('access_token' in refreshed)) return refreshed;
      Object.assign(tokens, refreshed);
      return refreshed.access_token;
    });
  }

  /** Sends the call; after a 401, once more with the token `renew` gives (null: none to give, the 401 stands). */
  private async withRenewal(token: string, call: RedditCall, renew: (refused: string) => Promise<string | ProviderFailure | null>): Promise<HttpAnswer | ProviderFailure> {
    const answer = await this.http.send(call(token));
    if (answer.kind !== 'answer' || answer.status !== 401) return answer;
    const renewed = await renew(token);
    if (renewed === null) return answer;
    return typeof renewed === 'string' ? this.http.send(call(renewed)) : renewed;
  }
}
