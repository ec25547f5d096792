import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../../auth/authenticated-user';
import { UserRoute } from '../../auth/route-access';
import { MembershipStore } from '../../workspace/membership-store';

class OwnWorkspaceDoc {
  @ApiProperty({ format: 'uuid' }) uuid!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['admin', 'member', 'viewer'] }) role!: string;
  @ApiProperty() can_approve!: boolean;
}

class MeDoc {
  @ApiProperty() user_id!: number;
  @ApiProperty() is_admin!: boolean;
  @ApiProperty({ type: [OwnWorkspaceDoc], description: 'the workspaces the caller is a member of, by name' }) workspaces!: OwnWorkspaceDoc[];
}

/** Who the caller is and the workspaces they belong to, with their role in each (the dashboard's workspace switcher). */
@Controller('me')
@UserRoute('me')
export class WhoAmIController {
  constructor(private readonly memberships: MembershipStore) {}

  @Get()
  @ApiOperation({ summary: 'Who the caller is, and their workspaces with their role in each' })
  @ApiOkResponse({ type: MeDoc })
  async me(@CurrentUser() caller: AuthenticatedUser): Promise<MeDoc> {
    return { user_id: caller.userId, is_admin: caller.isAdmin, workspaces: await this.memberships.workspacesOf(caller.userId) };
  }
}
