import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { OwnMembershipDoc } from '../../workspace/own-membership/own-membership.controller';
import type { CreatedWorkspaceView, WorkspaceView } from './workspace-view';

@ApiSchema({ name: 'Workspace' })
export class WorkspaceDoc implements WorkspaceView {
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  @ApiProperty({ example: 'Acme' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

@ApiSchema({ name: 'CreatedWorkspace' })
export class CreatedWorkspaceDoc extends WorkspaceDoc implements CreatedWorkspaceView {
  @ApiProperty({ type: OwnMembershipDoc, description: 'the rights of its creator, now its first member: role admin, can_approve true' })
  membership: OwnMembershipDoc;
}
