import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Messages } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../http/openapi/path-params';
import { idFromPath } from '../../http/route-params';
import { MustBeObject } from '../../http/validation';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { AccountDoc } from '../account.doc';
import { AccountView } from '../account-store';
import { ConnectAccount } from '../connect-account/connect-account';
import { ACCOUNT_NOT_FOUND } from '../delete-account/disconnect-account';

export class ReconnectAccountDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: {}, description: 'settings to change; the others stay as they were' })
  @IsOptional()
  @MustBeObject()
  settings?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { access_token: '...' }, description: 'the new credentials, as when connecting (checked with the platform first)' })
  @IsOptional()
  @MustBeObject()
  credentials?: Record<string, unknown>;
}

/** An account the platform stopped accepting (`authorized: false`), connected again with new credentials; it keeps its id and posts. */
@Controller(':workspaceUuid/accounts/:id/reconnect')
@WorkspaceRoute('accounts')
export class ReconnectAccountController {
  constructor(private readonly accounts: ConnectAccount) {}

  @Post()
  @ApiOperation({ summary: 'Give an account new credentials' })
  @Idempotent()
  @HttpCode(200)
  @ApiIdParam('id', 'an account of the workspace')
  @ApiJsonBody(ReconnectAccountDto, { settings: { outcome: 'success' }, credentials: {} })
  @ApiOkResponse({ type: AccountDoc, description: 'the account, authorized again' })
  @ApiErrorResponses({
    404: `No account of the workspace has this id: "${ACCOUNT_NOT_FOUND}"`,
    422: `${Failures.validation} Also credentials the provider rejects ("credentials": ["${Messages.credentialsRejected}"]).`,
    503: Failures.unavailable,
  })
  reconnect(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') idText: string, @Body() body: ReconnectAccountDto): Promise<AccountView> {
    return this.accounts.reconnect(workspaceUuid, idFromPath(idText), { settings: body?.settings ?? {}, credentials: body?.credentials ?? {} });
  }
}
