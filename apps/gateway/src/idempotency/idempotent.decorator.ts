import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { KEYS_OF_THE_TOKEN } from './idempotency-key';
import { IdempotencyInterceptor } from './idempotency.interceptor';

export interface IdempotentOptions {
  /**
   * The answer holds a secret made for the caller (a token's plaintext, a webhook's signing
   * secret): a key is then scoped to the token that sent it, not to its user, so that another
   * token of the same user (a short-lived one, a leaked one) never gets that secret replayed; the
   * same key and body sent with it run as a request of their own.
   */
  answersSecret?: boolean;
}

/**
 * A POST that creates something accepts `Idempotency-Key`. Put on the route itself, not on the
 * whole app: an interceptor on every route costs the reads half their throughput.
 */
export const Idempotent = ({ answersSecret = false }: IdempotentOptions = {}) =>
  applyDecorators(
    SetMetadata(KEYS_OF_THE_TOKEN, answersSecret),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: answersSecret
        ? 'At most 255 characters, per token and path (the answer holds a secret: another token of the same user never gets it replayed), kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409.'
        : 'At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409.',
    }),
  );
