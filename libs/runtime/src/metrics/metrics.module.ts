import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MetricsController } from './metrics.controller';
import { recordRequestDurations } from './http-request-durations';

/** Records the duration of every request of the app's server (once, however many modules import this one). */
@Injectable()
class HttpRequestMetrics implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // Fastify's instance (every app runs on createHttpApp's Fastify adapter).
    const server = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (server) recordRequestDurations(server);
  }
}

/**
 * Prometheus metrics of the app at `/metrics` on its HTTP port, and the HTTP request durations.
 * The other instruments are created where their events happen, on appMeter().
 */
@Module({ controllers: [MetricsController], providers: [HttpRequestMetrics] })
export class MetricsModule {}
