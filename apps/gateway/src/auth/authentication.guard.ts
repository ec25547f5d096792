import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { unauthenticated } from '../http/api-error';
import { GatewayRequest } from './authenticated-user';
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
    const user = caller === null ? null : await this.tokens.authenticate(caller.token);
    if (!user || !caller) {
      this.limits.countUnauthenticated(request);
      throw unauthenticated();
    }
    this.limits.countAuthenticated(caller.token);
    assertNotForged(request, caller);
    request.user = user;
    return true;
  }
}
