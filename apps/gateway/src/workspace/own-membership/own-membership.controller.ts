import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';

export class OwnMembershipDoc {
  @ApiProperty({ format: 'uuid' }) workspace_uuid!: string;
  @ApiProperty({ enum: ['admin', 'member', 'viewer'], description: 'admin: manages webhooks too; member: posts and accounts; viewer: reads' }) role!: string;
  @ApiProperty() can_approve!: boolean;
}

/** The caller's own role in the workspace, so that a client offers only what it may do. */
@Controller(':workspaceUuid/membership')
@WorkspaceRoute('workspace')
export class OwnMembershipController {
  @Get()
  @ApiOperation({ summary: 'The caller\'s role in a workspace' })
  @ApiOkResponse({ type: OwnMembershipDoc })
  own(@CurrentMembership() membership: Membership): OwnMembershipDoc {
    return { workspace_uuid: membership.workspaceUuid, role: membership.role, can_approve: membership.canApprove };
  }
}
