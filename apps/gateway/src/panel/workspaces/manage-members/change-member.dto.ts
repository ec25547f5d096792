import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { MustBeBoolean, OneOf } from '../../../http/validation';
import type { WorkspaceMember } from '../../../workspace/membership-store';
import { WORKSPACE_ROLES } from '../add-member/add-member.dto';

export class ChangeMemberDto {
  @ApiProperty({ required: false, enum: WORKSPACE_ROLES, description: 'viewers only read' })
  @IsOptional()
  @OneOf(WORKSPACE_ROLES)
  role?: (typeof WORKSPACE_ROLES)[number];

  @ApiProperty({ required: false, description: 'may approve posts that need approval' })
  @IsOptional()
  @MustBeBoolean()
  can_approve?: boolean;
}

@ApiSchema({ name: 'WorkspaceMember' })
export class WorkspaceMemberDoc implements WorkspaceMember {
  @ApiProperty({ type: 'integer', example: 2 })
  user_id: number;

  @ApiProperty({ example: 'Ann' })
  name: string;

  @ApiProperty({ example: 'ann@example.com' })
  email: string;

  @ApiProperty({ enum: WORKSPACE_ROLES, enumName: 'WorkspaceRole' })
  role: WorkspaceMember['role'];

  @ApiProperty({ description: 'may approve posts that need approval' })
  can_approve: boolean;
}
