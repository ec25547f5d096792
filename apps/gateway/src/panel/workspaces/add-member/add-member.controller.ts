import { Body, Controller, HttpCode, Inject, Logger, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { PanelRoute } from '../../../auth/route-access';
import { validationFailed, workspaceNotFound } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { ApiUuidParam } from '../../../http/openapi/path-params';
import { isUuid } from '../../../http/route-params';
import { FieldMessages } from '../../../http/validation';
import { AddMemberDto } from './add-member.dto';
import { MemberDoc } from './member.doc';

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

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Post()
  @HttpCode(201)
  @ApiUuidParam('uuid', 'the workspace')
  @ApiJsonBody(AddMemberDto)
  @ApiCreatedResponse({ type: MemberDoc, description: 'the membership, new or with its role changed' })
  @ApiErrorResponses({ 404: `No workspace has this uuid: "${Messages.workspaceNotFound}"`, 422: `${Failures.validation} Also a user_id that names no user.` })
  async add(@Param('uuid') workspaceUuid: string, @Body() body: AddMemberDto): Promise<MembershipView> {
    if (!isUuid(workspaceUuid)) throw workspaceNotFound();
    const [workspace] = await this.sql.query<{ uuid: string }>(`SELECT uuid FROM gateway.workspaces WHERE uuid = $1`, [workspaceUuid]);
    if (!workspace) throw workspaceNotFound();
    const userExists =
      Number.isSafeInteger(body.user_id) &&
      (await this.sql.query(`SELECT id FROM gateway.users WHERE id = $1 AND deleted_at IS NULL`, [body.user_id])).length > 0;
    if (!userExists) throw validationFailed({ user_id: [FieldMessages.selectedInvalid('user_id')] });
    const canApprove = body.can_approve ?? false;
    await this.sql.query(
      `INSERT INTO gateway.memberships (workspace_uuid, user_id, role, can_approve) VALUES ($1, $2, $3, $4)
       ON CONFLICT (workspace_uuid, user_id) DO UPDATE SET role = EXCLUDED.role, can_approve = EXCLUDED.can_approve`,
      [workspace.uuid, body.user_id, body.role, canApprove],
    );
    this.logger.log(`User ${body.user_id} is ${body.role} of workspace ${workspace.uuid}${canApprove ? ' and may approve' : ''}`);
    return { workspace_uuid: workspace.uuid, user_id: body.user_id, role: body.role, can_approve: canApprove };
  }
}
