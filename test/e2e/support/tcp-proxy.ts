import { createConnection, createServer, Server, Socket } from 'node:net';

export interface ProxyTarget {
  host: string;
  port: number;
}

/**
 * A TCP proxy in front of a server, to cut the server off from its clients for a while: `block()`
 * drops every connection and refuses new ones (as a stopped database does), `unblock()` lets them
 * through again. The server itself is left alone, so other users of it are not disturbed. The
 * target may be chosen per connection (a service in front of replicas that come and go); a
 * connection without a target is refused.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private blocked = false;
  /** What crossed the proxy both ways since `record()`, when recording. */
  private recording: Buffer[] | null = null;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: ProxyTarget | (() => ProxyTarget | null)): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('The proxy has no port');
    const proxy = new TcpProxy(server, address.port);
    server.on('connection', (client) => proxy.accept(client, typeof target === 'function' ? target() : target));
    return proxy;
  }

  get isBlocked(): boolean {
    return this.blocked;
  }

  block(): void {
    this.blocked = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  unblock(): void {
    this.blocked = false;
  }

  /** Keeps every byte that crosses the proxy from now on, either way: what an eavesdropper on the network would see. */
  record(): void {
    this.recording = [];
  }

  /** What crossed the proxy since `record()`, as text. */
  recorded(): string {
    return Buffer.concat(this.recording ?? []).toString('utf8');
  }

  async close(): Promise<void> {
    this.block();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, target: ProxyTarget | null): void {
    if (this.blocked || target === null) {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    // As a Service's forwarding would: no delay added to small writes (Nagle's algorithm) in either direction.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      this.sockets.add(from);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
      from.on('data', (chunk: Buffer) => this.recording?.push(chunk));
      from.pipe(to);
    }
  }
}
