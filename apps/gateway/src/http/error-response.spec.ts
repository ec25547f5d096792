import { HttpException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import { ApiError, tooManyAttempts, validationFailed } from './api-error';
import { errorResponseOf } from './error-response';

describe('errorResponseOf', () => {
  it.each([
    ['bad_request', 400],
    ['forbidden', 403],
    ['not_found', 404],
    ['validation', 422],
    ['unavailable', 503],
  ] as const)('a ServiceError of kind %s is %i, with its message', (kind, status) => {
    expect(errorResponseOf(new ServiceError(kind, 'Said by the service.'))).toEqual({
      status,
      body: { message: 'Said by the service.' },
      headers: {},
      unexpected: false,
    });
  });

  it('a validation ServiceError keeps its field errors', () => {
    const error = new ServiceError('validation', 'Validation errors.', { provider: ['The selected provider is invalid.'] });
    expect(errorResponseOf(error).body).toEqual({ message: 'Validation errors.', errors: { provider: ['The selected provider is invalid.'] } });
  });

  it('an ApiError keeps its status, message, field errors and headers', () => {
    expect(errorResponseOf(validationFailed({ date: ['x'] }))).toEqual({
      status: 422,
      body: { message: 'Validation errors.', errors: { date: ['x'] } },
      headers: {},
      unexpected: false,
    });
    expect(errorResponseOf(tooManyAttempts(42))).toEqual({
      status: 429,
      body: { message: 'Too Many Attempts.' },
      headers: { 'Retry-After': '42' },
      unexpected: false,
    });
    expect(errorResponseOf(new ApiError(400, 'You cannot delete your own account.')).body).toEqual({ message: 'You cannot delete your own account.' });
  });

  it("Nest's exceptions keep their status and become {message}", () => {
    expect(errorResponseOf(new NotFoundException('Cannot GET /api/nowhere'))).toMatchObject({ status: 404, body: { message: 'Cannot GET /api/nowhere' } });
  });

  it("Fastify's refusal of a body over the limit is worded by the contract and closes the connection", () => {
    expect(errorResponseOf(new HttpException('Request body is too large', 413))).toEqual({
      status: 413,
      body: { message: 'The request body is too large.' },
      headers: { Connection: 'close' },
      unexpected: false,
    });
  });

  it('a report without a message (a failed health check) goes out as it is', () => {
    const report = { status: 'error', info: {}, error: { database: { status: 'down' } }, details: { database: { status: 'down' } } };
    expect(errorResponseOf(new ServiceUnavailableException(report))).toMatchObject({ status: 503, body: report });
  });

  it.each([new Error('connection refused at 10.0.0.3:5432'), new TypeError("Cannot read properties of undefined (reading 'id')"), 'a string', undefined])(
    'anything else (%p) is a bare 500, flagged to be logged',
    (error) => {
      expect(errorResponseOf(error)).toEqual({ status: 500, body: { message: 'Server Error.' }, headers: {}, unexpected: true });
    },
  );

  it('an HttpException of 500 does not show its message either', () => {
    expect(errorResponseOf(new HttpException('pool exhausted', 500))).toEqual({
      status: 500,
      body: { message: 'Server Error.' },
      headers: {},
      unexpected: true,
    });
  });
});
