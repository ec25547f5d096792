import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { unauthenticated } from '../http/api-error';
import { GatewayRequest } from './authenticated-user';
import { assertNotForged, callerTokenOf } from './session-cookie';
import { TokenStore } from './token-store';

/**
 * Missing, unknown, revoked or expired token (from `Authorization: Bearer`, or the dashboard's
 * session cookie): 401. Otherwise the caller is attached to the request.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(private readonly tokens: TokenStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const caller = callerTokenOf(request);
    const user = caller === null ? null : await this.tokens.authenticate(caller.token);
    if (!user || !caller) throw unauthenticated();
    assertNotForged(request, caller);
    request.user = user;
    return true;
  }
}
