import { HttpAnswer, ProviderHttp } from '../http/provider-http';

/** The parameters of a Graph API call. */
export type GraphParams = Record<string, string>;

/**
 * The Graph API of `graph.instagram.com` with one account's token: a GET sends its parameters
 * and the token in the query, as Instagram documents them; a POST in a form body, so that
 * neither the token nor a caption is written in an address.
 */
export class InstagramGraph {
  constructor(
    private readonly http: ProviderHttp,
    private readonly apiUrl: string,
    private readonly token: string,
  ) {}

  get(path: string, params: GraphParams = {}): Promise<HttpAnswer> {
    const query = new URLSearchParams({ ...params, access_token: this.token });
    return this.http.send({ method: 'GET', url: `${this.apiUrl}/${path}?${query}` });
  }

  post(path: string, params: GraphParams): Promise<HttpAnswer> {
    const form = new URLSearchParams({ ...params, access_token: this.token });
    return this.http.send({ method: 'POST', url: `${this.apiUrl}/${path}`, bytes: { data: Buffer.from(form.toString()), contentType: 'application/x-www-form-urlencoded' } });
  }
}

/** The body of a 200 answer as an object, else null. */
export function okBody<T>(answer: HttpAnswer): T | null {
  return answer.kind === 'answer' && answer.status === 200 && answer.body && typeof answer.body === 'object' ? (answer.body as T) : null;
}
