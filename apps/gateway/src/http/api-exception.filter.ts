import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponseOf } from './error-response';
import { errorDetail } from '@app/errors';

/**
 * Every error of the HTTP API leaves as `{message, errors?}`; unexpected ones are logged, not shown.
 * Also answers what Fastify refuses before any route runs (body too large, unknown route).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const answer = errorResponseOf(exception);
    if (answer.unexpected) {
      const detail = errorDetail(exception);
      this.logger.error(`${request.method} ${pathOf(request.url)} failed: ${detail}`);
    }
    if (reply.sent) return;
    void reply.status(answer.status).headers(answer.headers).send(answer.body);
  }
}

/** The path without its query string, which the log has no use for. */
const pathOf = (url: string): string => url.split('?', 1)[0];
