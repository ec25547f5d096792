import { Controller, Get } from '@nestjs/common';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { AccountRegistry, AccountView } from '../account-registry';

@Controller(':workspaceUuid/accounts')
@WorkspaceRoute('accounts')
export class ListAccountsController {
  constructor(private readonly accounts: AccountRegistry) {}

  @Get()
  async list(@CurrentMembership() membership: Membership): Promise<{ data: AccountView[] }> {
    return { data: await this.accounts.list(membership.workspaceUuid) };
  }
}
