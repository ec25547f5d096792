import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';
import { etagOf, PostResource } from './post-revision';

/** Sets the `ETag` of the post a write answers with: its revision, quoted. */
@Injectable()
export class PostETagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((answer: unknown) => {
        const revision = (answer as Partial<PostResource> | null)?.revision;
        if (typeof revision === 'number') void reply.header('etag', etagOf(revision));
        return answer;
      }),
    );
  }
}

/**
 * A write that answers a post answers its `ETag` too. Put it below `@Idempotent()`: interceptors
 * run outermost first in the order the decorators are applied (the lowest first), so a replayed
 * answer, which the idempotency interceptor gives without running the route, gets its ETag too.
 */
export const AnswersPost = (): MethodDecorator => UseInterceptors(PostETagInterceptor);
