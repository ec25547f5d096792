import 'reflect-metadata';
import { Logger, Module, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, ConfigError, loadConfig, nestLogLevels } from '@app/config';
import { connectMessageHandlers, HttpRpc, RPC_PATH_PREFIX } from '@app/messaging';
import { DistributedInfrastructureModule, HTTP_RPC } from './distributed-infrastructure.module';
import { HealthModule } from './health/health.module';
import { BoundHttpPort } from './http/bound-http-port';
import { createHttpApp } from './http/http-app';
import { useServiceLogger } from './http/service-logger';
import { MetricsModule } from './metrics/metrics.module';
import { errorDetail } from '@app/errors';

export interface DistributedAppOptions {
  service: string;
  module: Type<unknown>;
  eventStore?: boolean;
  /** Whether the app reads or writes uploaded media (the gateway, the publisher). */
  media?: boolean;
  /** The service that answers each request/reply method: the one asked, at its URL. */
  rpcServiceOf: (method: string) => keyof AppConfig['serviceUrls'];
  /** Extra HTTP set-up (the gateway's API); other apps serve health only. */
  configure?: (app: NestFastifyApplication, config: AppConfig) => void;
  /** Whether the app module brings its own health endpoints. */
  ownHealth?: boolean;
  /** Says the app is ready once it listens (the gateway's start banner); by default one line naming the port. */
  announce?: (app: NestFastifyApplication, config: AppConfig) => void;
}

/**
 * Starts one app of distributed mode: its port bound first (HOST:PORT; until it is ready, requests
 * are answered 503), then its module, its infrastructure, health and metrics on that port.
 */
export function bootstrapDistributedApp(options: DistributedAppOptions): void {
  useServiceLogger();
  const logger = new Logger(options.service);
  const run = async (): Promise<void> => {
    const config = loadConfig();
    // First: a port another process holds stops the start here, before a migration or a consumer runs.
    const port = await BoundHttpPort.bind(config.host, config.port, config.http);
    @Module({
      imports: [
        DistributedInfrastructureModule.forRoot(config, {
          service: options.service,
          eventStore: options.eventStore,
          media: options.media,
          rpcServiceOf: options.rpcServiceOf,
        }),
        options.module,
        ...(options.ownHealth ? [] : [HealthModule]),
        MetricsModule,
      ],
    })
    class DistributedAppModule {}
    const app = await createHttpApp(DistributedAppModule, nestLogLevels(config.logLevel), { port, trustedProxyCount: config.trustedProxyCount });
    app.enableShutdownHooks();
    connectMessageHandlers(app);
    options.configure?.(app, config);
    serveRequests(app, app.get<HttpRpc>(HTTP_RPC));
    await port.serve(app);
    if (options.announce) options.announce(app, config);
    else logger.log(`${options.service} started (distributed mode), HTTP on port ${config.port}`);
  };
  run().catch((error: unknown) => {
    // A configuration error is the operator's to fix: the reason alone, no stack trace.
    logger.error(error instanceof ConfigError ? error.message : errorDetail(error));
    process.exit(1);
  });
}

/** `POST /internal/rpc/<method>`: the sealed requests of other services, answered sealed (see HttpRpcServer). */
function serveRequests(app: NestFastifyApplication, rpc: HttpRpc): void {
  app
    .getHttpAdapter()
    .getInstance()
    .post<{ Params: { method: string } }>(`${RPC_PATH_PREFIX}:method`, async (request, reply) => {
      const { status, body } = await rpc.server.answer(request.params.method, request.body);
      return reply.code(status).send(body);
    });
}
