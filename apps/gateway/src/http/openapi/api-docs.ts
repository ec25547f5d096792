import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AppConfig } from '@app/config';
import { htmlPageHeaders } from '../html-page-headers';
import { withErrorExamples } from './error-examples';

const DOCS_PATH = '/api/docs';

/** The OpenAPI document of the routes, as JSON at /api/docs-json, and the Swagger UI over it at /api/docs; answers the document. */
export function serveApiDocs(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
  const document = apiDocumentOf(app, config);
  // SwaggerModule's own UI on Fastify needs @fastify/static for its assets; the UI below needs two files.
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}-json`, ui: false });
  serveSwaggerUi(app);
  return document;
}

/** The OpenAPI document of the app's routes (under its global prefix, set before). */
export function apiDocumentOf(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Social publishing service')
      .setDescription(
        'Schedules and publishes posts to social platforms and reports what happened through webhooks. ' +
          `Every /api request carries \`Authorization: Bearer <token>\`; ${config.rateLimitPerMinute} requests per minute per token, ` +
          `${config.rateLimitUnauthenticatedPerMinute} per client address without a valid token. ` +
          'Every error is `{"message": "..."}`; 422 adds `errors`, field path -> messages. ' +
          'A POST may carry `Idempotency-Key` (at most 255 characters): the same key and body within 24 hours get the first answer again ' +
          '(`Idempotent-Replayed: true`), another body 422, a key still in use 409.',
      )
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'an API token from the panel, or ADMIN_TOKEN' })
      .addTag('index', 'What this service is, and links to the dashboard and this reference, without a token')
      .addTag('panel', 'Admin tokens only: workspaces and their members, users and their tokens, system webhooks')
      .addTag('me', "The caller: who they are, their workspaces and their own API tokens, for any signed-in user")
      .addTag('platforms', 'The platforms the service publishes to: their limits, options and how an account connects, from the rules its own checks apply')
      .addTag('workspace', "The caller's own role in a workspace")
      .addTag('accounts', "A workspace's social accounts")
      .addTag('posts', "A workspace's posts: write, schedule, approve")
      .addTag('webhooks', "A workspace's webhooks and their delivery logs")
      .addTag('media', "A workspace's uploaded images and videos, named by posts")
      .addTag('queue', "A workspace's posting queue: the weekly time slots that posts sent with `queue: true` fill")
      .addTag('analytics', "How a workspace's published posts did: each post's figures, their totals per account and day, and the best hours to post")
      .addTag('feeds', "A workspace's followed RSS and Atom feeds: each new item becomes a post")
      .addTag('preview', 'What a preview link shows a reviewer outside the workspace, without a token: the post, its notes, a note, an approval')
      .addTag('health', 'Liveness and readiness, without a token')
      .build(),
  );
  return withErrorExamples(document);
}

const SWAGGER_UI_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Social publishing service API</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/swagger-initializer.js"></script>
</body>
</html>
`;

/**
 * Starts the UI on the document, from a file of its own (the page runs no inline script). No
 * validator: Swagger UI would otherwise show a badge from validator.swagger.io, telling it the
 * document's address.
 */
const SWAGGER_UI_INITIALIZER = `window.ui = SwaggerUIBundle({ url: '${DOCS_PATH}-json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });\n`;

/**
 * The page loads its script, styles and document from the service only; Swagger UI's stylesheet
 * draws its icons from `data:` URLs.
 */
const SWAGGER_UI_PAGE_HEADERS = htmlPageHeaders("default-src 'self'; img-src 'self' data:; style-src 'self'");

const SWAGGER_UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

/** The page and its assets from swagger-ui-dist (the copy @nestjs/swagger depends on), read once on first use. */
function serveSwaggerUi(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const assetsDir = dirname(require.resolve('swagger-ui-dist/package.json', { paths: [dirname(require.resolve('@nestjs/swagger'))] }));
  fastify.get(DOCS_PATH, (_request, reply) => reply.type('text/html; charset=utf-8').headers(SWAGGER_UI_PAGE_HEADERS).send(SWAGGER_UI_PAGE));
  fastify.get(`${DOCS_PATH}/swagger-initializer.js`, (_request, reply) => reply.type('application/javascript; charset=utf-8').send(SWAGGER_UI_INITIALIZER));
  for (const [file, type] of Object.entries(SWAGGER_UI_ASSETS)) {
    let content: Promise<Buffer> | null = null;
    fastify.get(`${DOCS_PATH}/${file}`, async (_request, reply) => {
      content ??= readFile(join(assetsDir, file));
      return reply.type(type).send(await content);
    });
  }
}
