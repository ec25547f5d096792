import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../http/openapi/path-params';
import { idFromPath } from '../../http/route-params';
import { ACCOUNT_NOT_FOUND, DisconnectAccount } from './disconnect-account';

@Controller(':workspaceUuid/accounts/:id')
@WorkspaceRoute('accounts')
export class DeleteAccountController {
  constructor(private readonly accounts: DisconnectAccount) {}

  @Delete()
  @ApiOperation({ summary: 'Disconnect a social account' })
  @HttpCode(204)
  @ApiIdParam('id', 'an account of the workspace')
  @ApiNoContentResponse({ description: 'disconnected; the publisher no longer holds its credentials' })
  @ApiErrorResponses({ 404: `No account of the workspace has this id: "${ACCOUNT_NOT_FOUND}"`, 503: Failures.unavailable })
  delete(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') idText: string): Promise<void> {
    return this.accounts.disconnect(workspaceUuid, idFromPath(idText));
  }
}
