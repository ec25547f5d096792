import { Body, Controller, Delete, Get, HttpCode, Logger, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { PanelRoute } from '../../../auth/route-access';
import { notFound, workspaceNotFound } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody } from '../../../http/openapi/api-error-responses';
import { ListOf } from '../../../http/openapi/list-of';
import { ApiIdParam, ApiUuidParam } from '../../../http/openapi/path-params';
import { idFromPath, isUuid } from '../../../http/route-params';
import { MembershipStore, WorkspaceMember } from '../../../workspace/membership-store';
import { WorkspaceStore } from '../workspace-store';
import { ChangeMemberDto, WorkspaceMemberDoc } from './change-member.dto';

export const NOT_A_MEMBER = 'The user is not a member of this workspace.';

/**
 * The members of a workspace, for admins: who they are, a change of one's role or approval right,
 * and removal, after which the user's next request finds no such workspace (404). (Adding a member
 * is POST on the same path: AddMemberController.)
 */
@Controller('panel/workspaces/:uuid/members')
@PanelRoute('panel')
export class WorkspaceMembersController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly workspaces: WorkspaceStore,
    private readonly memberships: MembershipStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List a workspace\'s members' })
  @ApiUuidParam('uuid', 'the workspace')
  @ApiOkResponse({ type: ListOf(WorkspaceMemberDoc) })
  @ApiErrorResponses({ 404: `No workspace has this uuid: "${Messages.workspaceNotFound}"` })
  async list(@Param('uuid') uuid: string): Promise<{ data: WorkspaceMember[] }> {
    return { data: await this.memberships.membersOf(await this.workspaceOf(uuid)) };
  }

  @Put(':userId')
  @ApiOperation({ summary: 'Change a member\'s role or approval right' })
  @ApiUuidParam('uuid', 'the workspace')
  @ApiIdParam('userId', 'a member of the workspace')
  @ApiJsonBody(ChangeMemberDto, { role: 'admin', can_approve: true })
  @ApiOkResponse({ type: WorkspaceMemberDoc, description: 'the member with the new rights' })
  @ApiErrorResponses({ 404: `No workspace has this uuid ("${Messages.workspaceNotFound}"), or the user is not a member of it ("${NOT_A_MEMBER}")` })
  async change(@Param('uuid') uuid: string, @Param('userId') userIdText: string, @Body() body: ChangeMemberDto): Promise<WorkspaceMember> {
    const workspace = await this.workspaceOf(uuid);
    const userId = idFromPath(userIdText);
    if (userId === null || !(await this.memberships.change(workspace, userId, { role: body.role, can_approve: body.can_approve }))) throw notFound(NOT_A_MEMBER);
    const member = (await this.memberships.membersOf(workspace)).find((candidate) => candidate.user_id === userId);
    if (!member) throw notFound(NOT_A_MEMBER);
    this.logger.log(`User ${userId} is now ${member.role} of workspace ${workspace}${member.can_approve ? ' and may approve' : ''}`);
    return member;
  }

  @Delete(':userId')
  @ApiOperation({ summary: 'Remove a member from a workspace' })
  @HttpCode(204)
  @ApiUuidParam('uuid', 'the workspace')
  @ApiIdParam('userId', 'a member of the workspace')
  @ApiNoContentResponse({ description: 'removed: the user no longer finds the workspace (404) from the next request on' })
  @ApiErrorResponses({ 404: `No workspace has this uuid ("${Messages.workspaceNotFound}"), or the user is not a member of it ("${NOT_A_MEMBER}")` })
  async remove(@Param('uuid') uuid: string, @Param('userId') userIdText: string): Promise<void> {
    const workspace = await this.workspaceOf(uuid);
    const userId = idFromPath(userIdText);
    if (userId === null || !(await this.memberships.remove(workspace, userId))) throw notFound(NOT_A_MEMBER);
    this.logger.log(`User ${userId} removed from workspace ${workspace}`);
  }

  private async workspaceOf(uuid: string): Promise<string> {
    const workspace = isUuid(uuid) ? await this.workspaces.find(uuid) : null;
    if (!workspace) throw workspaceNotFound();
    return workspace;
  }
}
