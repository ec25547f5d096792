import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponseOf } from './error-response';
import { errorDetail } from '@app/errors';

/**
 * Every error of the HTTP API leaves as `{message, errors?}`; unexpected ones are logged, not shown.
 * Also answers what Fastify refuses before any route runs (body too large, unknown route). A client
 * that went away before its request arrived (its body cut off) is nobody's failure: a debug line,
 * and no answer, since nobody is there to read it.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (wentAway(exception, request)) return this.logger.debug(`${request.method} ${pathOf(request.url)}: the client went away before its request arrived`);
    const answer = errorResponseOf(exception);
    if (answer.unexpected) {
      const detail = errorDetail(exception);
      this.logger.error(`${request.method} ${pathOf(request.url)} failed: ${detail}`);
    }
    if (reply.sent) return;
    void reply.status(answer.status).headers(answer.headers).send(answer.body);
  }
}

/** Whether reading the request failed because its client closed the connection (Node's `aborted`, code ECONNRESET). */
function wentAway(exception: unknown, request: FastifyRequest): boolean {
  return (exception as { code?: unknown } | null)?.code === 'ECONNRESET' && request.raw.socket?.destroyed !== false;
}

/** The path without its query string, which the log has no use for. */
const pathOf = (url: string): string => url.split('?', 1)[0];
