import { INestApplication, Logger } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '@app/config';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { jsonBody } from './http/json-body';
import { apiValidationPipe } from './http/validation';

/**
 * The HTTP surface of the gateway, for every app that serves it (the gateway alone, or the
 * standalone composition). Call after NestFactory.create and before listen.
 */
export function configureGatewayApp(app: INestApplication, config: AppConfig): void {
  app.setGlobalPrefix('api', { exclude: ['health/live', 'health/ready'] });
  app.use(jsonBody());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(apiValidationPipe());
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Social publishing service')
      .setDescription(
        'Schedules and publishes posts to social platforms and reports what happened through webhooks. ' +
          `Every /api request carries \`Authorization: Bearer <token>\`; ${config.rateLimitPerMinute} requests per minute per token.`,
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  new Logger('Gateway').log('HTTP API under /api, OpenAPI at /api/docs (JSON at /api/docs-json), health at /health/live and /health/ready');
}
