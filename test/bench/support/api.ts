export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
}

/** JSON over HTTP to the service's API with one bearer token. */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  as(token: string): Api {
    return new Api(this.baseUrl, token);
  }

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  /** POST that must answer 201; returns the created resource. */
  async create(path: string, body: unknown, what: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const answer = await this.call('POST', path, body);
    if (answer.status !== 201) throw new Error(`creating ${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}
