import type { LoggerService, LogLevel } from '@nestjs/common';
import { IEntryNestModule, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';

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
};

interface JsonReply {
  code(statusCode: number): JsonReply;
  send(payload: unknown): unknown;
}

/**
 * A Nest application served by Fastify. Nest's own body parsers stay off: the gateway installs
 * the one its contract needs (configureGatewayApp), and the other apps serve health only.
 */
export function createHttpApp(module: IEntryNestModule, logger: LogLevel[] | LoggerService | false): Promise<NestFastifyApplication> {
  return NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(SERVER_OPTIONS), { logger, bodyParser: false });
}
