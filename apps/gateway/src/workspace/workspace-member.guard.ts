import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { GatewayRequest, Membership } from '../auth/authenticated-user';
import { unauthorized, workspaceNotFound } from '../http/api-error';
import { isUuid } from '../http/route-params';

export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * Workspace routes: the caller must be a member, else 404 (whether the workspace exists is not
 * revealed). Viewers only read.
 */
@Injectable()
export class WorkspaceMemberGuard implements CanActivate {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const workspaceUuid = String(request.params.workspaceUuid ?? '');
    if (!request.user || !isUuid(workspaceUuid)) throw workspaceNotFound();
    const [row] = await this.sql.query<{ role: Membership['role']; can_approve: boolean }>(
      `SELECT role, can_approve FROM gateway.memberships WHERE workspace_uuid = $1 AND user_id = $2`,
      [workspaceUuid, request.user.userId],
    );
    if (!row) throw workspaceNotFound();
    if (row.role === 'viewer' && !READ_METHODS.has(request.method)) throw unauthorized();
    request.membership = { workspaceUuid: workspaceUuid.toLowerCase(), role: row.role, canApprove: row.can_approve };
    return true;
  }
}
