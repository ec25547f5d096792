import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, HttpServerLimits } from '@app/config';
import { limitConnectionsPerAddress } from './connections-per-address';
import { cutStalledBodies } from './stalled-bodies';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** How often Node looks for requests over their time (it checks on this beat, not per request). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const STARTING_BODY = JSON.stringify({ message: 'The service is starting; try again in a moment.' });

/**
 * An app's HTTP port, bound before anything else of the app starts (migrations, the event store,
 * the bus's consumers): a port another process holds stops the start at once, with one line that
 * names the address and the setting to change, and nothing written. Until the app is served,
 * every request is answered 503 (the service is starting), health checks included.
 *
 * The server is Fastify's (its serverFactory), with the limits on slow and idle clients applied
 * from the start (HTTP_*): no number of slow clients holds it, nor does one address hold every
 * connection. serve() hands the requests to the app once it is initialized.
 */
export class BoundHttpPort {
  readonly server: Server;
  /** Fastify's request handler, from its serverFactory: requests reach it once the app is served. */
  private fastifyHandler: RequestHandler | null = null;
  private serving = false;

  private constructor(limits: HttpServerLimits) {
    this.server = createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, limits.headersTimeoutMs),
      },
      (request, response) => (this.serving && this.fastifyHandler ? this.fastifyHandler(request, response) : answerStarting(response)),
    );
    this.server.setTimeout(limits.idleTimeoutMs);
    this.server.maxConnections = limits.maxConnections;
    limitConnectionsPerAddress(this.server, limits.maxConnectionsPerAddress);
    cutStalledBodies(this.server, limits.bodyTimeoutMs);
  }

  /** Listens on HOST:PORT; a port that cannot be had is a ConfigError naming the address and the setting to change. */
  static async bind(host: string, port: number, limits: HttpServerLimits): Promise<BoundHttpPort> {
    const bound = new BoundHttpPort(limits);
    await new Promise<void>((resolve, reject) => {
      bound.server.once('error', reject);
      bound.server.listen({ host, port }, () => {
        bound.server.removeListener('error', reject);
        resolve();
      });
    }).catch((error: unknown) => {
      throw new ConfigError(unavailablePortMessage(host, port, error));
    });
    return bound;
  }

  /** Fastify's serverFactory: this port's server becomes Fastify's, and Fastify's handler waits for serve(). */
  readonly serverFactory = (handler: RequestHandler): Server => {
    this.fastifyHandler = handler;
    return this.server;
  };

  /**
   * Initializes the app (its modules' start: migrations, consumers...) and Fastify's routes, then
   * hands it the requests. Closing the app closes the port (Fastify closes a server of a factory
   * only when it listened on it itself).
   */
  async serve(app: NestFastifyApplication): Promise<void> {
    const fastify = app.getHttpAdapter().getInstance();
    if (!this.fastifyHandler || fastify.server !== this.server) throw new Error('The app was not created on this port: pass the port to createHttpApp');
    fastify.addHook('onClose', (_instance, done) => this.server.close(() => done()));
    await app.init();
    // The message handlers (connectMessageHandlers) start once the app is initialised, before it is ready.
    await app.startAllMicroservices();
    await fastify.ready();
    this.serving = true;
  }
}

function answerStarting(response: ServerResponse): void {
  response.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(STARTING_BODY), 'Retry-After': '1' });
  response.end(STARTING_BODY);
}

function unavailablePortMessage(host: string, port: number, error: unknown): string {
  const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return `Cannot listen on ${address}: another process is using port ${port}. Set PORT to a free port, or stop the other process.`;
    case 'EACCES':
      return `Cannot listen on ${address}: not permitted (ports below 1024 need privileges). Set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot listen on ${address}: HOST ${host} is not an address of this machine. Set HOST to one of its addresses (0.0.0.0 for all of them, 127.0.0.1 for this machine alone).`;
    default:
      return `Cannot listen on ${address}: ${error instanceof Error ? error.message : String(error)}. Check HOST and PORT.`;
  }
}
