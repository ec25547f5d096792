import { HttpAnswer, ProviderHttp } from '../http/provider-http';

/** Query parameters of a Graph call; undefined ones are left out. */
export type GraphQuery = Record<string, string | number | boolean | undefined>;

/**
 * The Graph API (`graph.facebook.com/v21.0`) with one access token, sent as a Bearer header so
 * that it never appears in an address. Bodies are JSON (Graph reads JSON as it reads form fields);
 * the few parameters a step is known by (`upload_phase`, `video_id`) go in the query.
 */
export class GraphClient {
  constructor(
    private readonly http: ProviderHttp,
    private readonly apiUrl: string,
    private readonly token: string,
  ) {}

  get(path: string, query: GraphQuery = {}): Promise<HttpAnswer> {
    return this.http.send({ method: 'GET', url: this.address(path, query), headers: this.authorization() });
  }

  post(path: string, body: Record<string, unknown>, query: GraphQuery = {}): Promise<HttpAnswer> {
    return this.http.send({ method: 'POST', url: this.address(path, query), headers: this.authorization(), json: body });
  }

  delete(path: string): Promise<HttpAnswer> {
    return this.http.send({ method: 'DELETE', url: this.address(path, {}), headers: this.authorization() });
  }

  /**
   * Asks Facebook's upload host to fetch a hosted file into an upload session (`upload_url` of a
   * reel's or a video story's start): the token as `Authorization: OAuth`, the file's address in
   * the `file_url` header.
   */
  uploadHostedFile(uploadUrl: string, fileUrl: string): Promise<HttpAnswer> {
    return this.http.send({ method: 'POST', url: uploadUrl, headers: { authorization: `OAuth ${this.token}`, file_url: fileUrl } });
  }

  private address(path: string, query: GraphQuery): string {
    const url = new URL(`${this.apiUrl}/${path.split('/').map(encodeURIComponent).join('/')}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  private authorization(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }
}

/** The body of a 200 answer, or null for anything else. */
export function okBody<T>(answer: HttpAnswer): T | null {
  return answer.kind === 'answer' && answer.status === 200 && answer.body && typeof answer.body === 'object' ? (answer.body as T) : null;
}

/** Graph's times (`2026-11-25T10:00:00+0000`) in epoch ms; NaN when unreadable. */
export const graphTime = (value: unknown): number => (typeof value === 'string' ? Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : NaN);

/** Facebook's web addresses; a relative permalink (a video's) is made absolute on it. */
export const FACEBOOK_WEB = 'https://www.facebook.com';

export const absolutePermalink = (permalink: string): string => (permalink.startsWith('/') ? `${FACEBOOK_WEB}${permalink}` : permalink);
