import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '@app/config';
import { hashToken } from '@app/security';
import { tooManyAttempts } from '../../http/api-error';
import { callerTokenOf } from '../session-cookie';
import { RateLimiter } from './rate-limiter';

/**
 * RATE_LIMIT_PER_MINUTE requests per minute per token (per address for requests without one).
 * Runs before authentication, so floods of unknown tokens are cut off before they reach the database.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new RateLimiter(config.rateLimitPerMinute);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const caller = callerTokenOf(request);
    const key = caller === null ? `address:${request.ip}` : `token:${hashToken(caller.token)}`;
    const decision = this.limiter.hit(key);
    if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
    return true;
  }
}
