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
import { Idempotent } from '../../idempotency/idempotent.decorator';

/**
 * Connects an account: the publisher checks the credentials with the provider and keeps settings
 * and credentials (encrypted) first; only then does the account exist here, named as the client
 * asked or else as the provider reports it. Credentials the provider refuses are the publisher's
 * 422; credentials never touch this schema.
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
  @Idempotent()
  @HttpCode(201)
  @ApiJsonBody(ConnectAccountDto)
  @ApiCreatedResponse({ type: AccountDoc })
  @ApiErrorResponses({
    422: `${Failures.validation} Also an unknown provider, settings it refuses, or credentials the provider rejects ("credentials": ["The provider rejected these credentials."]).`,
    503: `${Failures.unavailable} Also a provider that cannot check the credentials now (rate limit, outage).`,
  })
  async connect(@CurrentMembership() membership: Membership, @Body() body: ConnectAccountDto): Promise<AccountView> {
    const { workspaceUuid } = membership;
    const provider = body.provider.trim();
    const name = body.name?.trim() || null;
    const username = body.username?.trim() || null;
    const accountId = await this.accounts.reserve({ workspaceUuid, provider, name: name ?? '', username });
    const request: ConnectAccountRequest = {
      accountId,
      workspaceUuid,
      provider,
      settings: body.settings ?? {},
      credentials: body.credentials ?? {},
    };
    const reply = await this.rpc.request<ConnectAccountReply>(RpcMethods.connectAccount, request);
    const names = { name: name ?? reply.name, username: username ?? reply.username ?? null };
    const account = await this.accounts.connected(accountId, reply.authorized, names, reportedMaxCharacters(reply.settings));
    this.logger.log(`Account ${accountId} (${account.provider}) connected to workspace ${workspaceUuid}`);
    return account;
  }
}

/** The text limit a provider reported at connect (Mastodon's instance `max_characters`), kept for the checks at schedule time. */
function reportedMaxCharacters(settings: Record<string, unknown> | undefined): number | null {
  const value = settings?.max_characters;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}
