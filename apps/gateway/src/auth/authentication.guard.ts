import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { unauthenticated } from '../http/api-error';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser, GatewayRequest } from './authenticated-user';
import { RateLimits } from './rate-limit/rate-limits';
import { assertNotForged, callerTokenOf } from './session-cookie';
import { TokenStore } from './token-store';

/**
 * Missing, unknown, revoked or expired token (from `Authorization: Bearer`, or the dashboard's
 * session cookie): 401, counted against the client's address. Otherwise the request counts against
 * the token's budget (429 past it) and the caller is attached to it.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenStore,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const caller = callerTokenOf(request);
    const user = await authenticateOrCharge(this.tokens, this.limits, request, caller?.token ?? null);
    // A user was found, so a token came.
    this.limits.countAuthenticated(caller!.token);
    assertNotForged(request, caller!);
    request.user = user;
    return true;
  }
}

/**
 * The user a token lets in; otherwise (no token, or one that is not live) the request is charged
 * to the client's address and answered 401. The API's guard and the dashboard's sign-in both ask this.
 */
export async function authenticateOrCharge(tokens: TokenStore, limits: RateLimits, request: FastifyRequest, token: string | null): Promise<AuthenticatedUser> {
  const user = token === null ? null : await tokens.authenticate(token);
  if (user) return user;
  limits.countUnauthenticated(request);
  throw unauthenticated(token !== null);
}
