import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { MustBeBoolean, MustBeInteger, OneOf, Required } from '../../../http/validation';

export const WORKSPACE_ROLES = ['admin', 'member', 'viewer'] as const;

export class AddMemberDto {
  @ApiProperty({ type: 'integer', example: 2 })
  @Required()
  @MustBeInteger()
  user_id: number;

  @ApiProperty({ enum: WORKSPACE_ROLES, description: 'viewers only read' })
  @Required()
  @OneOf(WORKSPACE_ROLES)
  role: (typeof WORKSPACE_ROLES)[number];

  @ApiProperty({ required: false, default: false, description: 'may approve posts that need approval' })
  @IsOptional()
  @MustBeBoolean()
  can_approve?: boolean;
}
