import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { unauthenticated } from '../http/api-error';
import { bearerTokenOf, GatewayRequest } from './authenticated-user';
import { TokenStore } from './token-store';

/** Missing, unknown, revoked or expired token: 401. Otherwise the caller is attached to the request. */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(private readonly tokens: TokenStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const token = bearerTokenOf(request);
    const user = token === null ? null : await this.tokens.authenticate(token);
    if (!user) throw unauthenticated();
    request.user = user;
    return true;
  }
}
