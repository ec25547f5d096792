import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { GatewayRequest } from '../auth/authenticated-user';
import { notAMember, unauthorized, workspaceNotFound } from '../http/api-error';
import { isUuid } from '../http/route-params';
import { WorkspaceStore } from '../panel/workspaces/workspace-store';
import { MembershipStore } from './membership-store';

export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Whether a member with these rights may change something in the workspace (viewers only read). */
export const mayWrite = (membership: { role: string }): boolean => membership.role !== 'viewer';

/**
 * Workspace routes: the caller must be a member, else 404 (whether the workspace exists is not
 * revealed), but for a panel admin, who may see every workspace anyway: 403 that says how to
 * become a member. Viewers only read.
 */
@Injectable()
export class WorkspaceMemberGuard implements CanActivate {
  constructor(
    private readonly memberships: MembershipStore,
    private readonly workspaces: WorkspaceStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const workspaceUuid = String(request.params.workspaceUuid ?? '');
    if (!request.user || !isUuid(workspaceUuid)) throw workspaceNotFound();
    const membership = await this.memberships.find(workspaceUuid.toLowerCase(), request.user.userId);
    if (!membership) throw await this.refusalOfNonMember(workspaceUuid, request.user.isAdmin);
    if (!mayWrite(membership) && !READ_METHODS.has(request.method)) throw unauthorized();
    request.membership = { workspaceUuid: workspaceUuid.toLowerCase(), ...membership };
    return true;
  }

  private async refusalOfNonMember(workspaceUuid: string, isAdmin: boolean): Promise<Error> {
    const existing = isAdmin ? await this.workspaces.find(workspaceUuid) : null;
    return existing ? notAMember(existing) : workspaceNotFound();
  }
}
