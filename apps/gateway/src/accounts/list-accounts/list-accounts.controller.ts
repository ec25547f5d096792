import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ListOf } from '../../http/openapi/list-of';
import { AccountDoc } from '../account.doc';
import { AccountStore, AccountView } from '../account-store';

@Controller(':workspaceUuid/accounts')
@WorkspaceRoute('accounts')
export class ListAccountsController {
  constructor(private readonly accounts: AccountStore) {}

  @Get()
  @ApiOperation({ summary: 'List a workspace\'s social accounts' })
  @ApiOkResponse({ type: ListOf(AccountDoc) })
  async list(@CurrentMembership() membership: Membership): Promise<{ data: AccountView[] }> {
    return { data: await this.accounts.list(membership.workspaceUuid) };
  }
}
