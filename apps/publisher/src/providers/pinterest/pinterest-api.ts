import { HttpAnswer, HttpCall, ProviderHttp } from '../http/provider-http';
import { accessTokenOf, accessTokenWith, OAuthTokenEndpoint, renewRefusedToken } from '../oauth/oauth-tokens';
import { ProviderConnection, ProviderFailure, SessionStore } from '../publish-provider';

/** A call to the API: its path under the API's base URL (`/pins`), and its JSON body if any. */
export interface ApiCall {
  method: HttpCall['method'];
  path: string;
  json?: unknown;
}

/**
 * The API as one connected account calls it: with its access token, refreshed before it expires.
 * Pinterest may also refuse a token that has not expired as far as the session knows (tokens sent
 * directly carry no expiry, a token can be revoked): a 401 refreshes it once, where the account
 * holds a refresh token, and the call is made again with the new one; a 401 then, or a refused
 * refresh, asks for the account to be connected again.
 */
export class PinterestApi {
  private constructor(
    readonly http: ProviderHttp,
    private readonly apiUrl: string,
    private readonly session: SessionStore,
    private readonly endpoint: OAuthTokenEndpoint | ProviderFailure,
    private token: string,
  ) {}

  /** The account's API, or why its token cannot be had. Without the app's credentials no refresh is possible: the token stands as long as it is valid. */
  static async of(http: ProviderHttp, apiUrl: string, endpoint: OAuthTokenEndpoint | ProviderFailure, connection: ProviderConnection): Promise<PinterestApi | ProviderFailure> {
    const token = 'kind' in endpoint ? await accessTokenWith(connection.session, async () => endpoint) : await accessTokenOf(http, endpoint, connection.session);
    return typeof token === 'string' ? new PinterestApi(http, apiUrl, connection.session, endpoint, token) : token;
  }

  /** The platform's answer, or the failure of the refresh a 401 led to. */
  async send(call: ApiCall): Promise<HttpAnswer | ProviderFailure> {
    const answer = await this.http.send(this.request(call));
    if (answer.kind !== 'answer' || answer.status !== 401 || 'kind' in this.endpoint) return answer;
    const refreshed = await renewRefusedToken(this.http, this.endpoint, this.session, this.token);
    if (refreshed === null) return answer;
    if (typeof refreshed !== 'string') return refreshed;
    this.token = refreshed;
    return this.http.send(this.request(call));
  }

  private request({ method, path, json }: ApiCall): HttpCall {
    return { method, url: `${this.apiUrl}${path}`, headers: { authorization: `Bearer ${this.token}` }, ...(json === undefined ? {} : { json }) };
  }
}
