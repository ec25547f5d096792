export interface CallOptions {
  /** Bearer token; null sends no Authorization header. Defaults to the client's token. */
  token?: string | null;
  body?: unknown;
  /** Sent as it is, for bodies that are not JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- responses are inspected field by field in tests
  headers: Headers;
}

/** A small HTTP client for the API: JSON in, JSON out, the status and headers kept. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null,
  ) {}

  as(token: string | null): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const token = options.token === undefined ? this.token : options.token;
    const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers };
    let body = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? null : parse(text) };
  }

  get = (path: string, options?: CallOptions) => this.call('GET', path, options);
  post = (path: string, body?: unknown, options?: CallOptions) => this.call('POST', path, { ...options, body });
  put = (path: string, body?: unknown, options?: CallOptions) => this.call('PUT', path, { ...options, body });
  delete = (path: string, options?: CallOptions) => this.call('DELETE', path, options);
}

/** The client of a started service's bootstrap admin (ADMIN_TOKEN). */
export const adminOf = (service: { readonly baseUrl: string; readonly adminToken: string | null }): ApiClient =>
  new ApiClient(service.baseUrl, service.adminToken);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The body of a 201 answer; any other answer fails the set-up step `what`, with what the service said. */
export function createdBody(answer: Answer, what: string): Answer['body'] {
  if (answer.status !== 201) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
