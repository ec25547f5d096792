import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { PanelRoute } from '../../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../../http/openapi/api-error-responses';
import { ApiUuidParam } from '../../../http/openapi/path-params';
import { DeleteWorkspace, workspaceHasPostsInFlight } from './delete-workspace';

@Controller('panel/workspaces/:uuid')
@PanelRoute('panel')
export class DeleteWorkspaceController {
  constructor(private readonly workspaces: DeleteWorkspace) {}

  @Delete()
  @ApiOperation({ summary: 'Delete a workspace (refused while a post may still publish)' })
  @HttpCode(204)
  @ApiUuidParam('uuid', 'the workspace')
  @ApiNoContentResponse({ description: 'deleted: its accounts are disconnected, and it answers 404 to everyone and is no longer listed' })
  @ApiErrorResponses({
    400: `A post of the workspace is scheduled, awaiting approval or publishing: "${workspaceHasPostsInFlight(2)}"`,
    404: `No workspace has this uuid, or it was deleted: "${Messages.workspaceNotFound}"`,
    503: Failures.unavailable,
  })
  delete(@Param('uuid') uuid: string): Promise<void> {
    return this.workspaces.delete(uuid);
  }
}
