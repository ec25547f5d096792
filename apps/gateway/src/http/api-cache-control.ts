import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Answers of the API are never stored by a browser or a proxy cache (`Cache-Control: no-store`):
 * some carry a token or a webhook secret, all carry a workspace's data. A route that sets its own
 * Cache-Control keeps it.
 */
export function forbidCachingOfApiAnswers(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      done(null, payload);
    });
}
