import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RateLimits } from '../../auth/rate-limit/rate-limits';

/**
 * The routes of preview links need no token: each request counts against its client address's
 * budget of unauthenticated requests (RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE), and an address that
 * has used it is answered 429 before its token is looked up, whatever credential it carries.
 */
@Injectable()
export class OutsideReviewerGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.limits.refuseExhaustedAddress(request, null);
    this.limits.countUnauthenticated(request);
    return true;
  }
}
