import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { PanelRoute } from '../../../auth/route-access';
import { ListOf } from '../../../http/openapi/list-of';
import { WorkspaceDoc } from '../workspace.doc';
import { WorkspaceView, workspaceViewOf } from '../workspace-view';

@Controller('panel/workspaces')
@PanelRoute('panel')
export class ListWorkspacesController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Get()
  @ApiOkResponse({ type: ListOf(WorkspaceDoc) })
  async list(): Promise<{ data: WorkspaceView[] }> {
    const rows = await this.sql.query<{ uuid: string; name: string; created_at: Date }>(
      `SELECT uuid, name, created_at FROM gateway.workspaces ORDER BY created_at, uuid`,
    );
    return { data: rows.map(workspaceViewOf) };
  }
}
