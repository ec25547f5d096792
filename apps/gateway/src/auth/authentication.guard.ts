import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { unauthenticated } from '../http/api-error';
import { bearerTokenOf, GatewayRequest } from './authenticated-user';
import { RateLimits } from './rate-limit/rate-limits';
import { TokenStore } from './token-store';

/**
 * Missing, unknown, revoked or expired token: 401, counted against the client's address. Otherwise
 * the request counts against the token's budget (429 past it) and the caller is attached to it.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenStore,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const token = bearerTokenOf(request);
    const user = token === null ? null : await this.tokens.authenticate(token);
    if (!user) {
      this.limits.countUnauthenticated(request);
      throw unauthenticated();
    }
    this.limits.countAuthenticated(token!);
    request.user = user;
    return true;
  }
}
