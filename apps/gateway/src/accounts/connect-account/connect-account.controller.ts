import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { AccountDoc } from '../account.doc';
import { AccountView } from '../account-store';
import { ConnectAccount } from './connect-account';
import { ConnectAccountDto } from './connect-account.dto';

@Controller(':workspaceUuid/accounts')
@WorkspaceRoute('accounts')
export class ConnectAccountController {
  constructor(private readonly accounts: ConnectAccount) {}

  @Post()
  @ApiOperation({ summary: 'Connect a social account with its credentials' })
  @Idempotent()
  @HttpCode(201)
  @ApiJsonBody(ConnectAccountDto, { provider: 'sandbox', name: 'Acme on Sandbox', username: 'acme', settings: { outcome: 'success' } })
  @ApiCreatedResponse({ type: AccountDoc })
  @ApiErrorResponses({
    422: `${Failures.validation} Also an unknown provider, settings it refuses, or credentials the provider rejects ("credentials": ["${Messages.credentialsRejected}"]).`,
    503: `${Failures.unavailable} Also a provider that cannot check the credentials now (rate limit, outage).`,
  })
  connect(@CurrentMembership() membership: Membership, @Body() body: ConnectAccountDto): Promise<AccountView> {
    return this.accounts.connect({
      workspaceUuid: membership.workspaceUuid,
      provider: body.provider.trim(),
      name: body.name?.trim() || null,
      username: body.username?.trim() || null,
      settings: body.settings ?? {},
      credentials: body.credentials ?? {},
    });
  }
}
