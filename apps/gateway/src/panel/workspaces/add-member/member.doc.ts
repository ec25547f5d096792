import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { MembershipView } from './add-member.controller';
import { WORKSPACE_ROLES } from './add-member.dto';

@ApiSchema({ name: 'Member' })
export class MemberDoc implements MembershipView {
  @ApiProperty({ format: 'uuid' })
  workspace_uuid: string;

  @ApiProperty({ type: 'integer', example: 2 })
  user_id: number;

  @ApiProperty({ enum: WORKSPACE_ROLES, enumName: 'WorkspaceRole' })
  role: string;

  @ApiProperty({ description: 'may approve posts that need approval' })
  can_approve: boolean;
}
