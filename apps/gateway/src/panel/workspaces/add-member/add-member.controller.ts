import { Body, Controller, HttpCode, Logger, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { PanelRoute } from '../../../auth/route-access';
import { validationFailed, workspaceNotFound } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { ApiUuidParam } from '../../../http/openapi/path-params';
import { isUuid } from '../../../http/route-params';
import { FieldMessages } from '@app/domain';
import { AddMemberDto } from './add-member.dto';
import { MemberDoc } from './member.doc';
import { MembershipStore } from '../../../workspace/membership-store';
import { UserStore } from '../../users/user-store';
import { WorkspaceStore } from '../workspace-store';
import { Idempotent } from '../../../idempotency/idempotent.decorator';

export interface MembershipView {
  workspace_uuid: string;
  user_id: number;
  role: string;
  can_approve: boolean;
}

/** Adds a user to a workspace, or changes the role of a user already in it. */
@Controller('panel/workspaces/:uuid/members')
@PanelRoute('panel')
export class AddMemberController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly workspaces: WorkspaceStore,
    private readonly users: UserStore,
    private readonly memberships: MembershipStore,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a user to a workspace, with a role' })
  @Idempotent()
  @HttpCode(201)
  @ApiUuidParam('uuid', 'the workspace')
  @ApiJsonBody(AddMemberDto, { user_id: 2, role: 'member', can_approve: true })
  @ApiCreatedResponse({ type: MemberDoc, description: 'the membership, new or with its role changed' })
  @ApiErrorResponses({ 404: `No workspace has this uuid: "${Messages.workspaceNotFound}"`, 422: `${Failures.validation} Also a user_id that names no user.` })
  async add(@Param('uuid') workspaceUuid: string, @Body() body: AddMemberDto): Promise<MembershipView> {
    if (!isUuid(workspaceUuid)) throw workspaceNotFound();
    const workspace = await this.workspaces.find(workspaceUuid);
    if (!workspace) throw workspaceNotFound();
    if (!(await this.users.exists(body.user_id))) throw validationFailed({ user_id: [FieldMessages.selectedInvalid('user_id')] });
    const canApprove = body.can_approve ?? false;
    await this.memberships.put(workspace, body.user_id, body.role, canApprove);
    this.logger.log(`User ${body.user_id} is ${body.role} of workspace ${workspace}${canApprove ? ' and may approve' : ''}`);
    return { workspace_uuid: workspace, user_id: body.user_id, role: body.role, can_approve: canApprove };
  }
}
