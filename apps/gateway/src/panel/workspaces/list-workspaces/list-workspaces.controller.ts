import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../../auth/route-access';
import { ListOf } from '../../../http/openapi/list-of';
import { WorkspaceDoc } from '../workspace.doc';
import { WorkspaceView } from '../workspace-view';
import { WorkspaceStore } from '../workspace-store';

@Controller('panel/workspaces')
@PanelRoute('panel')
export class ListWorkspacesController {
  constructor(private readonly workspaces: WorkspaceStore) {}

  @Get()
  @ApiOperation({ summary: 'List workspaces' })
  @ApiOkResponse({ type: ListOf(WorkspaceDoc) })
  async list(): Promise<{ data: WorkspaceView[] }> {
    return { data: await this.workspaces.list() };
  }
}
