import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';
import type { GatewayRequest } from '../auth/authenticated-user';
import { withActions } from './post-actions-of';
import { etagOf, PostResource } from './post-revision';

const isPostResource = (answer: unknown): answer is PostResource => typeof (answer as Partial<PostResource> | null)?.revision === 'number';

/** Gives the post a write answers with its `ETag` (its revision, quoted) and the caller's `actions` on it. */
@Injectable()
export class PostAnswerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const { membership } = http.getRequest<GatewayRequest>();
    return next.handle().pipe(
      map((answer: unknown) => {
        if (!isPostResource(answer)) return answer;
        void reply.header('etag', etagOf(answer.revision));
        return membership ? withActions(answer, membership) : answer;
      }),
    );
  }
}

/**
 * A write that answers a post answers its `ETag` and the caller's `actions` too. Put it below
 * `@Idempotent()`: interceptors run outermost first in the order the decorators are applied (the
 * lowest first), so a replayed answer, which the idempotency interceptor gives without running the
 * route, gets them too.
 */
export const AnswersPost = (): MethodDecorator => UseInterceptors(PostAnswerInterceptor);
