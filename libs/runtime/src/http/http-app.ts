import type { LoggerService, LogLevel } from '@nestjs/common';
import { IEntryNestModule, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { limitHeapGrowth } from '../heap-growth';
import type { BoundHttpPort } from './bound-http-port';
import { answerClientError } from './client-error-answer';
import { ServiceLogger } from './service-logger';

/** Typed by the adapter: its Fastify may be another copy than the one the app's types come from. */
const SERVER_OPTIONS: ConstructorParameters<typeof FastifyAdapter>[0] = {
  // No Nest middleware here (guards, pipes, filters and Fastify hooks do that work), so the
  // middleware runner and its hook on every request are left out.
  skipMiddie: true,
  routerOptions: {
    // Paths match whatever their letter case (parameters keep theirs) and with a trailing slash.
    caseSensitive: false,
    ignoreTrailingSlash: true,
    // A long path segment still reaches its route, whose own check names the problem ("Post not
    // found.") instead of the 404 of an unknown route: Fastify's default stops at 100 characters.
    // Node caps a request line at 16 KB anyway.
    maxParamLength: 16 * 1024,
  },
  // A path that is not valid percent-encoding is refused before routing, outside Nest's exception
  // filters: it gets the `{message}` body every other error has. (The reply is typed for route
  // generics that do not exist before routing, hence the narrower view of it.)
  frameworkErrors: (error, _request, reply) => void (reply as unknown as JsonReply).code(400).send({ message: error.message }),
  clientErrorHandler: answerClientError,
};

interface JsonReply {
  code(statusCode: number): JsonReply;
  send(payload: unknown): unknown;
}

/**
 * A Nest application served by Fastify. Nest's own body parsers stay off: the gateway installs
 * the one its contract needs (configureGatewayApp), and the other apps serve health only.
 * An app of the service is created on its BoundHttpPort (bound before anything else started,
 * with the limits on slow and idle clients), then served with `port.serve(app)`; without one (the
 * tests, the OpenAPI document) Fastify makes its own server. Every app starts here, so the heap's
 * growing factor is set here too (limitHeapGrowth).
 */
export interface HttpAppOptions {
  /** The port bound at the start of the process; without one Fastify makes its own server. */
  port?: BoundHttpPort;
  /**
   * How many proxies stand in front of the service (TRUST_PROXY): Fastify's `trustProxy` hop
   * count, by which `request.ip`, `request.host` and `request.protocol` read `X-Forwarded-*`. 0: none.
   */
  trustedProxyCount?: number;
}

export async function createHttpApp(module: IEntryNestModule, logger: LogLevel[] | LoggerService | false, { port, trustedProxyCount = 0 }: HttpAppOptions = {}): Promise<NestFastifyApplication> {
  limitHeapGrowth();
  // The adapter's options are typed as a union over HTTP/1.1, HTTPS and HTTP/2 servers: this one is HTTP/1.1's.
  const options = {
    ...SERVER_OPTIONS,
    ...(trustedProxyCount > 0 && { trustProxy: trustedProxyCount }),
    ...(port && { serverFactory: port.serverFactory }),
  } as typeof SERVER_OPTIONS;
  // Log levels: the console logger of the apps, which keeps Nest's start-up detail for debug level.
  const appLogger = Array.isArray(logger) ? new ServiceLogger({ logLevels: logger }) : logger;
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(options), { logger: appLogger, bodyParser: false });
  return app;
}
