import { Body, Controller, HttpCode, Inject, Logger, Post } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { PanelRoute } from '../../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { WorkspaceDoc } from '../workspace.doc';
import { WorkspaceView, workspaceViewOf } from '../workspace-view';
import { CreateWorkspaceDto } from './create-workspace.dto';

@Controller('panel/workspaces')
@PanelRoute('panel')
export class CreateWorkspaceController {
  private readonly logger = new Logger('Gateway');

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Post()
  @HttpCode(201)
  @ApiJsonBody(CreateWorkspaceDto)
  @ApiCreatedResponse({ type: WorkspaceDoc })
  @ApiErrorResponses({ 422: Failures.validation })
  async create(@Body() body: CreateWorkspaceDto): Promise<WorkspaceView> {
    const [row] = await this.sql.query<{ uuid: string; name: string; created_at: Date }>(
      `INSERT INTO gateway.workspaces (uuid, name) VALUES ($1, $2) RETURNING uuid, name, created_at`,
      [randomUUID(), body.name.trim()],
    );
    this.logger.log(`Workspace ${row.uuid} created`);
    return workspaceViewOf(row);
  }
}
