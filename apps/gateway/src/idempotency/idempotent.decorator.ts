import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * A POST that creates something accepts `Idempotency-Key`. Put on the route itself, not on the
 * whole app: an interceptor on every route costs the reads half their throughput.
 */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409.',
    }),
  );
