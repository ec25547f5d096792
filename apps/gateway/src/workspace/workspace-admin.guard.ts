import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { Messages } from '@app/contracts';
import { GatewayRequest } from '../auth/authenticated-user';
import { unauthorized } from '../http/api-error';
import { ApiErrorResponses } from '../http/openapi/api-error-responses';

/** Only members with role `admin` pass; runs after WorkspaceMemberGuard, which set the membership. */
@Injectable()
export class WorkspaceAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { membership } = context.switchToHttp().getRequest<GatewayRequest>();
    if (membership?.role !== 'admin') throw unauthorized();
    return true;
  }
}

/** A route of a workspace route's controller that only the workspace's admins may use. */
export const WorkspaceAdminOnly = (): MethodDecorator =>
  applyDecorators(
    UseGuards(WorkspaceAdminGuard),
    ApiErrorResponses({ 403: `The caller is not an admin of the workspace: "${Messages.unauthorized}"` }),
  );
