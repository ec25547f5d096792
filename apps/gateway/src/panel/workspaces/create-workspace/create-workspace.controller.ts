import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { WorkspaceDoc } from '../workspace.doc';
import { WorkspaceView } from '../workspace-view';
import { CreateWorkspaceDto } from './create-workspace.dto';
import { WorkspaceStore } from '../workspace-store';
import { Idempotent } from '../../../idempotency/idempotent.decorator';

@Controller('panel/workspaces')
@PanelRoute('panel')
export class CreateWorkspaceController {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly workspaces: WorkspaceStore) {}

  @Post()
  @ApiOperation({ summary: 'Create a workspace' })
  @Idempotent()
  @HttpCode(201)
  @ApiJsonBody(CreateWorkspaceDto, { name: 'Acme' })
  @ApiCreatedResponse({ type: WorkspaceDoc })
  @ApiErrorResponses({ 422: Failures.validation })
  async create(@Body() body: CreateWorkspaceDto): Promise<WorkspaceView> {
    const workspace = await this.workspaces.create(body.name.trim());
    this.logger.log(`Workspace ${workspace.uuid} created`);
    return workspace;
  }
}
