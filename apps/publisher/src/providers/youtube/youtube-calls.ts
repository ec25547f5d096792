import { HttpAnswer, HttpCall, ProviderHttp } from '../http/provider-http';
import { currentAccessToken, OAuthTokenEndpoint, renewRefusedToken } from '../oauth/oauth-tokens';
import { ProviderConnection, ProviderFailure } from '../publish-provider';

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
    const token = await currentAccessToken(this.http, this.endpoint, connection.session);
    if (typeof token !== 'string') return { failure: token };
    const answer = await this.http.send(call(token));
    if (answer.kind !== 'answer' || answer.status !== 401) return { answer };
    const renewed = await renewRefusedToken(this.http, this.endpoint, connection.session, token);
    if (renewed === null) return { answer };
    if (typeof renewed !== 'string') return { failure: renewed };
    return { answer: await this.http.send(call(renewed)) };
  }
}
