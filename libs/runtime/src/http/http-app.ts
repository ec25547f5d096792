import type { LoggerService, LogLevel } from '@nestjs/common';
import { IEntryNestModule, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HttpServerLimits } from '@app/config';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { limitHeapGrowth } from '../heap-growth';
import { ServiceLogger } from './service-logger';

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

/**
 * A request Node could not read (too slow, headers too large, not HTTP): answered in the API's
 * error format, then the connection is closed. Nothing is logged: such errors are the client's.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request could not be read as HTTP.'];
  const body = JSON.stringify({ message });
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  socket.destroy(error);
}

interface JsonReply {
  code(statusCode: number): JsonReply;
  send(payload: unknown): unknown;
}

/** How often Node looks for requests over their time (it checks on this beat, not per request). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * A Nest application served by Fastify. Nest's own body parsers stay off: the gateway installs
 * the one its contract needs (configureGatewayApp), and the other apps serve health only.
 * With `limits`, a client that sends its request slowly (headers or body), or keeps a connection
 * idle, is cut off (408 for a request over its time), and connections beyond the limit are closed
 * as they come: no number of slow clients holds the server. Every app starts here, so the heap's
 * growing factor is set here too (limitHeapGrowth).
 */
export async function createHttpApp(module: IEntryNestModule, logger: LogLevel[] | LoggerService | false, limits?: HttpServerLimits): Promise<NestFastifyApplication> {
  limitHeapGrowth();
  const options = limits ? { ...SERVER_OPTIONS, ...timeoutOptionsOf(limits) } : SERVER_OPTIONS;
  // Log levels: the console logger of the apps, which keeps Nest's start-up detail for debug level.
  const appLogger = Array.isArray(logger) ? new ServiceLogger({ logLevels: logger }) : logger;
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(options), { logger: appLogger, bodyParser: false });
  if (limits) app.getHttpServer().maxConnections = limits.maxConnections;
  return app;
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
