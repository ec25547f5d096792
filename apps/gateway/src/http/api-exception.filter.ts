import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorResponseOf } from './error-response';

/** Every error of the HTTP API leaves as `{message, errors?}`; unexpected ones are logged, not shown. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const answer = errorResponseOf(exception);
    if (answer.unexpected) {
      const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
      this.logger.error(`${request.method} ${request.path} failed: ${detail}`);
    }
    if (response.headersSent) return;
    response.status(answer.status).set(answer.headers).json(answer.body);
  }
}
