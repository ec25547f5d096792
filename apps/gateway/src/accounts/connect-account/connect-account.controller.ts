import { Body, Controller, HttpCode, Inject, Logger, Post } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { ConnectAccountReply, ConnectAccountRequest, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { AccountDoc } from '../account.doc';
import { AccountRegistry, AccountView } from '../account-registry';
import { ConnectAccountDto } from './connect-account.dto';

/**
 * Connects an account: the publisher checks the provider and keeps settings and credentials
 * (encrypted) first; only then does the account exist here. Credentials never touch this schema.
 */
@Controller(':workspaceUuid/accounts')
@WorkspaceRoute('accounts')
export class ConnectAccountController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly accounts: AccountRegistry,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiJsonBody(ConnectAccountDto)
  @ApiCreatedResponse({ type: AccountDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} Also an unknown provider, or settings and credentials it refuses.`, 503: Failures.unavailable })
  async connect(@CurrentMembership() membership: Membership, @Body() body: ConnectAccountDto): Promise<AccountView> {
    const { workspaceUuid } = membership;
    const provider = body.provider.trim();
    const accountId = await this.accounts.reserve({ workspaceUuid, provider, name: body.name.trim(), username: body.username?.trim() || null });
    const request: ConnectAccountRequest = {
      accountId,
      workspaceUuid,
      provider,
      settings: body.settings ?? {},
      credentials: body.credentials ?? {},
    };
    const reply = await this.rpc.request<ConnectAccountReply>(RpcMethods.connectAccount, request);
    const account = await this.accounts.connected(accountId, reply.authorized);
    this.logger.log(`Account ${accountId} (${account.provider}) connected to workspace ${workspaceUuid}`);
    return account;
  }
}
