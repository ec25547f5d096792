import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';

/** The caller's rights in a workspace, as this route and the creation of a workspace answer them. */
export interface OwnMembershipView {
  workspace_uuid: string;
  role: Membership['role'];
  can_approve: boolean;
}

export class OwnMembershipDoc implements OwnMembershipView {
  @ApiProperty({ format: 'uuid' }) workspace_uuid!: string;
  @ApiProperty({ enum: ['admin', 'member', 'viewer'], description: 'admin: manages webhooks too; member: posts and accounts; viewer: reads' }) role!: Membership['role'];
  @ApiProperty() can_approve!: boolean;
}

/** The caller's own role in the workspace, so that a client offers only what it may do. */
@Controller(':workspaceUuid/membership')
@WorkspaceRoute('workspace')
export class OwnMembershipController {
  @Get()
  @ApiOperation({ summary: 'The caller\'s role in a workspace' })
  @ApiOkResponse({ type: OwnMembershipDoc })
  own(@CurrentMembership() membership: Membership): OwnMembershipView {
    return { workspace_uuid: membership.workspaceUuid, role: membership.role, can_approve: membership.canApprove };
  }
}
