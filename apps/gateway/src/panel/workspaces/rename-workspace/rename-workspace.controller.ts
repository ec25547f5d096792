import { Body, Controller, Logger, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { PanelRoute } from '../../../auth/route-access';
import { workspaceNotFound } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { ApiUuidParam } from '../../../http/openapi/path-params';
import { isUuid } from '../../../http/route-params';
import { WorkspaceDoc } from '../workspace.doc';
import { WorkspaceView } from '../workspace-view';
import { WorkspaceStore } from '../workspace-store';
import { RenameWorkspaceDto } from './rename-workspace.dto';

@Controller('panel/workspaces/:uuid')
@PanelRoute('panel')
export class RenameWorkspaceController {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly workspaces: WorkspaceStore) {}

  @Put()
  @ApiUuidParam('uuid', 'the workspace')
  @ApiOperation({ summary: 'Rename a workspace' })
  @ApiJsonBody(RenameWorkspaceDto, { name: 'Acme Marketing' })
  @ApiOkResponse({ type: WorkspaceDoc, description: 'the workspace with its new name' })
  @ApiErrorResponses({ 404: `No workspace has this uuid, or it was deleted: "${Messages.workspaceNotFound}"`, 422: Failures.validation })
  async rename(@Param('uuid') uuid: string, @Body() body: RenameWorkspaceDto): Promise<WorkspaceView> {
    const workspace = isUuid(uuid) ? await this.workspaces.rename(uuid, body.name.trim()) : null;
    if (!workspace) throw workspaceNotFound();
    this.logger.log(`Workspace ${workspace.uuid} renamed`);
    return workspace;
  }
}
