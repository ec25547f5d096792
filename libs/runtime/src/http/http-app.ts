import type { LoggerService, LogLevel } from '@nestjs/common';
import { IEntryNestModule, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Every interface, as in containers: the probes and the other services reach an app by its
 * address, not by localhost (Fastify's default).
 */
export const LISTEN_ADDRESS = '0.0.0.0';

/**
 * A trailing slash names the same route, and a long path segment still reaches its route (whose
 * own check names the problem, e.g. "Post not found.") instead of falling through to the 404 of an
 * unknown route: Fastify's default stops at 100 characters. Node caps a request line at 16 KB anyway.
 */
const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 };

/**
 * A Nest application served by Fastify. Nest's own body parsers stay off: the gateway installs
 * the one its contract needs (configureGatewayApp), and the other apps serve health only.
 */
export function createHttpApp(module: IEntryNestModule, logger: LogLevel[] | LoggerService | false): Promise<NestFastifyApplication> {
  return NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter({ routerOptions: ROUTER_OPTIONS }), { logger, bodyParser: false });
}
