import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { unauthorized } from '../http/api-error';
import { GatewayRequest } from './authenticated-user';

/** Panel endpoints: admins only; anyone else authenticated gets 403. */
@Injectable()
export class AdminOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<GatewayRequest>().user?.isAdmin) throw unauthorized();
    return true;
  }
}
