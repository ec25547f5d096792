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
          `Every /api request carries \`Authorization: Bearer <token>\`; ${config.rateLimitPerMinute} requests per minute per token. ` +
          'Every error is `{"message": "..."}`; 422 adds `errors`, field path -> messages.',
      )
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'an API token from the panel, or ADMIN_TOKEN' })
      .addTag('panel', 'Admin tokens only: workspaces and their members, users and their tokens, system webhooks')
      .addTag('accounts', "A workspace's social accounts")
      .addTag('posts', "A workspace's posts: write, schedule, approve")
      .addTag('webhooks', "A workspace's webhooks and their delivery logs")
      .addTag('health', 'Liveness and readiness, without a token')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  new Logger('Gateway').log('HTTP API under /api, OpenAPI at /api/docs (JSON at /api/docs-json), health at /health/live and /health/ready');
}
