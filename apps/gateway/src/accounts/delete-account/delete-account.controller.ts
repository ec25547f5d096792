import { Controller, Delete, HttpCode, Inject, Logger, Param } from '@nestjs/common';
import { ApiNoContentResponse } from '@nestjs/swagger';
import { RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { notFound } from '../../http/api-error';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../http/openapi/path-params';
import { idFromPath } from '../../http/route-params';
import { AccountRegistry } from '../account-registry';

export const ACCOUNT_NOT_FOUND = 'Account not found.';

/** Disconnects an account: the publisher forgets its credentials, then it leaves the registry. */
@Controller(':workspaceUuid/accounts/:id')
@WorkspaceRoute('accounts')
export class DeleteAccountController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly accounts: AccountRegistry,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  @Delete()
  @HttpCode(204)
  @ApiIdParam('id', 'an account of the workspace')
  @ApiNoContentResponse({ description: 'disconnected; the publisher no longer holds its credentials' })
  @ApiErrorResponses({ 404: `No account of the workspace has this id: "${ACCOUNT_NOT_FOUND}"`, 503: Failures.unavailable })
  async delete(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') idText: string): Promise<void> {
    const id = idFromPath(idText);
    if (id === null || !(await this.accounts.find(workspaceUuid, id))) throw notFound(ACCOUNT_NOT_FOUND);
    // Disconnecting first: if the publisher cannot be reached the account stays, and the call can be repeated.
    await this.rpc.request(RpcMethods.disconnectAccount, { accountId: id, workspaceUuid });
    await this.accounts.markDeleted(workspaceUuid, id);
    this.logger.log(`Account ${id} disconnected from workspace ${workspaceUuid}`);
  }
}
