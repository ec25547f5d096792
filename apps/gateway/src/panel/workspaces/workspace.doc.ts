import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { WorkspaceView } from './workspace-view';

@ApiSchema({ name: 'Workspace' })
export class WorkspaceDoc implements WorkspaceView {
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  @ApiProperty({ example: 'Acme' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}
