import fastifyMultipart from '@fastify/multipart';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { AppConfig } from '@app/config';
import { serveDashboard } from './dashboard/serve-dashboard';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { forbidCachingOfApiAnswers } from './http/api-cache-control';
import { refuseCrossSiteWrites } from './http/browser-request-rules';
import { readBodiesAsJson } from './http/json-body';
import { serveApiDocs } from './http/openapi/api-docs';
import { apiValidationPipe } from './http/validation';
import { serveMcp } from './mcp/serve-mcp';

/** `POST /api/<workspace>/media`: the upload of a media file, the one multipart body. */
const isMediaUpload = (method: string, url: string): boolean => method === 'POST' && /^\/api\/[^/?]+\/media\/?(\?|$)/.test(url);

/** `POST /api/<workspace>/posts/import`: an import of posts, the one body that may be a table (CSV or a JSON array). */
const isPostImport = (method: string, url: string): boolean => method === 'POST' && /^\/api\/[^/?]+\/posts\/import\/?(\?|$)/.test(url);

/**
 * The HTTP surface of the gateway, for every app that serves it (the gateway alone, or the
 * standalone composition). Call after createHttpApp and before listen. Answers the OpenAPI
 * document it serves.
 */
export function configureGatewayApp(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
  app.setGlobalPrefix('api', { exclude: ['health/live', 'health/ready', 'metrics'] });
  const bodyRoutes = { multipartRoute: isMediaUpload, tableRoute: isPostImport };
  refuseCrossSiteWrites(app, { publicUrl: config.publicUrl, ...bodyRoutes });
  readBodiesAsJson(app, bodyRoutes);
  forbidCachingOfApiAnswers(app);
  // Files are read by the upload route itself (MediaUploadReader), within MEDIA_MAX_BYTES.
  // (Nest's adapter brings its own copy of Fastify's types; the plugin is written for any Fastify 5.)
  void app.register(fastifyMultipart as unknown as Parameters<NestFastifyApplication['register']>[0], { limits: { fileSize: config.mediaMaxBytes } });
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(apiValidationPipe());
  app.enableShutdownHooks();
  const document = serveApiDocs(app, config);
  serveMcp(app, document);
  serveDashboard(app);
  new Logger('Gateway').debug('HTTP API under /api, OpenAPI at /api/docs (JSON at /api/docs-json), MCP at /mcp, health at /health/live and /health/ready, metrics at /metrics, dashboard at /app');
  return document;
}
