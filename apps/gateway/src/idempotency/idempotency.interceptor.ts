import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import type { GatewayRequest } from '../auth/authenticated-user';
import { ApiError } from '../http/api-error';
import { errorResponseOf } from '../http/error-response';
import { IdempotencyMessages, idempotencyScopeOf, KEYS_OF_THE_TOKEN, parseIdempotencyKey, requestFingerprint } from './idempotency-key';
import { IdempotencyStore, IdempotentRequest } from './idempotency-store';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * `Idempotency-Key` on POST requests of authenticated callers: the first request with a key runs
 * and its answer is kept; the same key with the same body gets that answer again (with
 * `Idempotent-Replayed: true`) and creates nothing; with another body, 422; while the first is
 * still running, 409. An answer of 5xx is not kept, so the request may be retried with its key.
 * A key is the user's, or the token's on a route whose answer holds a secret (KEYS_OF_THE_TOKEN).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const header = request.headers['idempotency-key'];
    if (request.method !== 'POST' || header === undefined || !request.user) return next.handle();
    const ofTheToken = this.reflector.get<boolean | undefined>(KEYS_OF_THE_TOKEN, context.getHandler()) === true;
    const idempotent: IdempotentRequest = {
      userId: request.user.userId,
      scope: idempotencyScopeOf(request.method, request.routeOptions.url ?? request.url.split('?', 1)[0], request.params, ofTheToken ? request.user.tokenId : undefined),
      key: parseIdempotencyKey(header),
      fingerprint: requestFingerprint(request.body, request.query as Record<string, unknown>),
    };
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.store.claim(idempotent)).pipe(
      mergeMap((claim) => {
        switch (claim.kind) {
          case 'claimed':
            return this.run(next, idempotent, reply);
          case 'replay':
            void reply.status(claim.answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
            return of(claim.answer.body);
          case 'running':
            return throwError(() => new ApiError(409, IdempotencyMessages.stillProcessing));
          case 'other-request':
            return throwError(() => new ApiError(422, IdempotencyMessages.reusedWithOtherRequest));
        }
      }),
    );
  }

  private run(next: CallHandler, idempotent: IdempotentRequest, reply: FastifyReply): Observable<unknown> {
    return next.handle().pipe(
      mergeMap(async (body) => {
        await this.store.complete(idempotent, { status: reply.statusCode, body });
        return body;
      }),
      catchError((error: unknown) => {
        const answer = errorResponseOf(error);
        const settle = answer.status >= 500 ? this.store.release(idempotent) : this.store.complete(idempotent, { status: answer.status, body: answer.body });
        return from(settle.catch((failure: unknown) => this.logger.error(`Could not settle an idempotency key: ${String(failure)}`))).pipe(
          mergeMap(() => throwError(() => error)),
        );
      }),
    );
  }
}
