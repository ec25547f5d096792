import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../../../auth/authenticated-user';
import { PanelRoute } from '../../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { CreatedWorkspaceDoc } from '../workspace.doc';
import { CreatedWorkspaceView } from '../workspace-view';
import { CreateWorkspaceDto } from './create-workspace.dto';
import { WorkspaceStore } from '../workspace-store';
import { Idempotent } from '../../../idempotency/idempotent.decorator';

@Controller('panel/workspaces')
@PanelRoute('panel')
export class CreateWorkspaceController {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly workspaces: WorkspaceStore) {}

  @Post()
  @ApiOperation({ summary: 'Create a workspace, with its creator as its admin (who may approve posts)' })
  @Idempotent()
  @HttpCode(201)
  @ApiJsonBody(CreateWorkspaceDto, { name: 'Acme' })
  @ApiCreatedResponse({ type: CreatedWorkspaceDoc, description: 'the workspace; its creator is its first member, an admin with can_approve, as `membership` says' })
  @ApiErrorResponses({ 422: Failures.validation })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateWorkspaceDto): Promise<CreatedWorkspaceView> {
    const workspace = await this.workspaces.create(body.name.trim(), user.userId);
    this.logger.log(`Workspace ${workspace.uuid} created; user ${user.userId} is its admin and may approve`);
    return workspace;
  }
}
