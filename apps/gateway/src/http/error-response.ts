import { HttpException } from '@nestjs/common';
import { Messages, ServiceError, ServiceErrorKind } from '@app/contracts';
import { ApiError } from './api-error';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** A failure nobody anticipated: logged in full, answered with a bare 500. */
  unexpected: boolean;
}

export const STATUS_BY_KIND: Record<ServiceErrorKind, number> = {
  bad_request: 400,
  forbidden: 403,
  not_found: 404,
  precondition_failed: 412,
  validation: 422,
  unavailable: 503,
};

const serverError = (): ErrorResponse => ({ status: 500, body: { message: Messages.serverError }, headers: {}, unexpected: true });

/** What the client sees for an error: the contract's `{message, errors?}`, never internals. */
export function errorResponseOf(error: unknown): ErrorResponse {
  if (error instanceof ApiError) {
    return { status: error.status, body: withErrors(error.message, error.errors), headers: error.headers, unexpected: false };
  }
  if (error instanceof ServiceError) {
    return { status: STATUS_BY_KIND[error.kind] ?? 500, body: withErrors(error.message, error.errors), headers: {}, unexpected: false };
  }
  if (error instanceof HttpException) return httpExceptionResponse(error);
  return serverError();
}

function withErrors(message: string, errors: Record<string, string[]> | undefined): Record<string, unknown> {
  return errors ? { message, errors } : { message };
}

/** Nest's own exceptions (unknown route, health checks, Fastify's refusals): keep their status, reshape the body. */
function httpExceptionResponse(exception: HttpException): ErrorResponse {
  const status = exception.getStatus();
  if (status === 500) return serverError();
  // Fastify refuses a body over the limit before any route runs. The connection is closed after
  // the answer, so the rest of an oversized upload is not read to its end.
  if (status === 413) return { status, body: { message: Messages.bodyTooLarge }, headers: { Connection: 'close' }, unexpected: false };
  const response = exception.getResponse();
  if (typeof response === 'string') return { status, body: { message: response }, headers: {}, unexpected: false };
  const fields = response as Record<string, unknown>;
  // A body without a message is a deliberate document (a health report): it goes out as it is.
  if (!('message' in fields)) return { status, body: fields, headers: {}, unexpected: false };
  const message = Array.isArray(fields.message) ? fields.message.join(' ') : String(fields.message);
  return { status, body: { message }, headers: {}, unexpected: false };
}
