import { HttpAnswer, HttpCall, ProviderHttp } from '../http/provider-http';
import { accessTokenOf, OAuthTokenEndpoint, refreshTokens, tokensOf } from '../oauth/oauth-tokens';
import { ProviderConnection, ProviderFailure, SessionStore } from '../publish-provider';

/** What a call made with an account's token came to: Google's answer, or why no call could be made (no usable token). */
export type Answered = { answer: HttpAnswer } | { failure: ProviderFailure };

/**
 * Calls to Google with an account's access token: refreshed before it expires (Google's last an
 * hour), and once more when Google refuses it before its time (401: revoked, or a token sent
 * directly whose expiry is unknown), after which the call is made again once. Google does not
 * rotate refresh tokens: the one the account has is kept.
 */
export class YouTubeCalls {
  constructor(
    private readonly http: ProviderHttp,
    private readonly endpoint: OAuthTokenEndpoint | ProviderFailure,
  ) {}

  async send(connection: ProviderConnection, call: (token: string) => HttpCall): Promise<Answered> {
    const token = await this.accessToken(connection);
    if (typeof token !== 'string') return { failure: token };
    const answer = await this.http.send(call(token));
    if (answer.kind !== 'answer' || answer.status !== 401) return { answer };
    const renewed = await this.renewRefused(connection.session, token);
    if (renewed === null) return { answer };
    if (typeof renewed !== 'string') return { failure: renewed };
    return { answer: await this.http.send(call(renewed)) };
  }

  private async accessToken(connection: ProviderConnection): Promise<string | ProviderFailure> {
    if (!('kind' in this.endpoint)) return accessTokenOf(this.http, this.endpoint, connection.session);
    // Without the app's credentials no refresh is possible: the token stands as long as Google takes it.
    const session = await connection.session.load();
    return typeof session?.access_token === 'string' ? session.access_token : this.endpoint;
  }

  /**
   * A new access token for the one Google refused, under the account's lock: the one another call
   * stored meanwhile, else a refresh. Null when there is no refresh to try (the refusal stands).
   */
  private renewRefused(session: SessionStore, refused: string): Promise<string | ProviderFailure | null> {
    const endpoint = this.endpoint;
    return session.exclusively<string | ProviderFailure | null>(async (stored) => {
      const tokens = tokensOf(stored);
      if (tokens && tokens.access_token !== refused) return { result: tokens.access_token };
      if (!tokens?.refresh_token || 'kind' in endpoint) return { result: null };
      const refreshed = await refreshTokens(this.http, endpoint, tokens.refresh_token);
      if (!('access_token' in refreshed)) return { result: refreshed };
      return { result: refreshed.access_token, save: { ...stored, ...refreshed } };
    });
  }
}
