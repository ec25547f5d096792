import { createServer, IncomingMessage, request as httpRequest, Server, ServerResponse } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';

/** What the proxy does to the next request whose path matches. */
export type Fault =
  /** Answers this instead of forwarding: the platform refused or failed. */
  | { answer: { status: number; headers?: Record<string, string>; body?: unknown } }
  /** Forwards the request (the platform acts on it), then never answers: a timeout after the platform accepted. */
  | { hangAfterForward: true };

type GateAnswer = { status: number; headers?: Record<string, string>; body?: unknown } | null | undefined;
export type Gate = (path: string, body: Buffer, headers: IncomingHttpHeaders) => GateAnswer | Promise<GateAnswer>;

/**
 * An HTTP proxy in front of a platform's server (a real PDS, telegram-test-api, a local API
 * server): it forwards every request unchanged, except the ones a test told it to fail. It lets
 * the same failure scenarios run against every provider: a 429 with the platform's reset header,
 * a 5xx, an answer lost after the platform accepted the request.
 */
export class FaultProxy {
  private readonly faults: { path: RegExp; body: RegExp | null; fault: Fault }[] = [];
  private readonly hanging = new Set<ServerResponse>();
  /** Requests that reached the proxy, `METHOD path`. */
  readonly seen: string[] = [];

  private constructor(
    private readonly server: Server,
    private readonly upstream: URL,
    private readonly gate: Gate | null,
  ) {}

  /** `gate` answers, on every request, what the platform would and the upstream server does not (a refused token, a length limit). */
  static async start(upstream: string, gate: Gate | null = null): Promise<FaultProxy> {
    const server = createServer();
    const proxy = new FaultProxy(server, new URL(upstream), gate);
    server.on('request', (req, res) => void proxy.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request whose path matches (and whose body does, when `body` is given) gets `fault`. */
  failNext(path: RegExp, fault: Fault, body: RegExp | null = null): void {
    this.faults.push({ path, body, fault });
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    this.seen.push(`${req.method} ${path}`);
    const body = await readBody(req);
    const index = this.faults.findIndex((entry) => entry.path.test(path) && (entry.body === null || entry.body.test(body.toString())));
    const fault = index >= 0 ? this.faults.splice(index, 1)[0].fault : null;
    const gated = fault ? null : await this.gate?.(path, body, req.headers);
    const refusal = fault && 'answer' in fault ? fault.answer : gated;
    if (refusal) {
      const { status, headers = {}, body: answer } = refusal;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(answer === undefined ? '' : JSON.stringify(answer));
      return;
    }
    const upstream = await this.forward(req, path, body);
    if (fault) {
      this.hanging.add(res);
      return;
    }
    res.writeHead(upstream.status, upstream.headers);
    res.end(upstream.body);
  }

  private forward(req: IncomingMessage, path: string, body: Buffer): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
    const headers = { ...req.headers, host: this.upstream.host };
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(new URL(path, this.upstream), { method: req.method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...kept } = response.headers;
          resolve({ status: response.statusCode ?? 502, headers: kept as Record<string, string | string[]>, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A platform's local server with a FaultProxy in front of it; `stop` stops both. */
export interface ProxiedPlatform<Platform> {
  platform: Platform;
  proxy: FaultProxy;
  stop(): Promise<void>;
}

export async function behindFaultProxy<Platform extends { url: string; stop(): Promise<void> }>(platform: Platform, gate: Gate | null = null): Promise<ProxiedPlatform<Platform>> {
  const proxy = await FaultProxy.start(platform.url, gate);
  return {
    platform,
    proxy,
    stop: async () => {
      await proxy.stop();
      await platform.stop();
    },
  };
}
