import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { callerCredentialOf } from '../session-cookie';
import { RateLimits } from './rate-limits';

/**
 * Runs before authentication: a request from an address that has used its unauthenticated budget
 * is refused without a database lookup, unless its token (bearer) or session (cookie) is in the
 * index of live tokens and sessions. The per-token budget is counted once the token is authenticated.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.limits.refuseExhaustedAddress(request, callerCredentialOf(request)?.value ?? null);
    return true;
  }
}
