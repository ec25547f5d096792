import type { LoggerService, LogLevel } from '@nestjs/common';
import { IEntryNestModule, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HttpServerLimits } from '@app/config';
import type { Server } from 'node:http';
import { limitHeapGrowth } from '../heap-growth';
import { answerClientError } from './client-error-answer';
import { limitConnectionsPerAddress } from './connections-per-address';
import { ServiceLogger } from './service-logger';
import { cutStalledBodies } from './stalled-bodies';

/**
 * Every interface, as in containers: the probes and the other services reach an app by its
 * address, not by localhost (Fastify's default).
 */
export const LISTEN_ADDRESS = '0.0.0.0';

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

/** How often Node looks for requests over their time (it checks on this beat, not per request). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * A Nest application served by Fastify. Nest's own body parsers stay off: the gateway installs
 * the one its contract needs (configureGatewayApp), and the other apps serve health only.
 * With `limits`, a client that sends its request slowly (headers or body, or a body that stops
 * arriving), or keeps a connection idle, is cut off (408 for a request over its time), and
 * connections beyond the limits (in all, and per address) are closed as they come: no number of
 * slow clients holds the server, nor does one address hold every connection. Every app starts
 * here, so the heap's growing factor is set here too (limitHeapGrowth).
 */
export async function createHttpApp(module: IEntryNestModule, logger: LogLevel[] | LoggerService | false, limits?: HttpServerLimits): Promise<NestFastifyApplication> {
  limitHeapGrowth();
  const options = limits ? { ...SERVER_OPTIONS, ...timeoutOptionsOf(limits) } : SERVER_OPTIONS;
  // Log levels: the console logger of the apps, which keeps Nest's start-up detail for debug level.
  const appLogger = Array.isArray(logger) ? new ServiceLogger({ logLevels: logger }) : logger;
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(options), { logger: appLogger, bodyParser: false });
  if (limits) limitClients(app.getHttpServer(), limits);
  return app;
}

function limitClients(server: Server, limits: HttpServerLimits): void {
  server.maxConnections = limits.maxConnections;
  limitConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
  cutStalledBodies(server, limits.bodyTimeoutMs);
}

function timeoutOptionsOf(limits: HttpServerLimits): ConstructorParameters<typeof FastifyAdapter>[0] {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, limits.headersTimeoutMs),
    },
  };
}
