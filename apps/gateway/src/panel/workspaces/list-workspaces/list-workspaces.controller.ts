import { Controller, Get, Inject } from '@nestjs/common';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { PanelRoute } from '../../../auth/route-access';
import { WorkspaceView, workspaceViewOf } from '../workspace-view';

@Controller('panel/workspaces')
@PanelRoute('panel')
export class ListWorkspacesController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Get()
  async list(): Promise<{ data: WorkspaceView[] }> {
    const rows = await this.sql.query<{ uuid: string; name: string; created_at: Date }>(
      `SELECT uuid, name, created_at FROM gateway.workspaces ORDER BY created_at, uuid`,
    );
    return { data: rows.map(workspaceViewOf) };
  }
}
