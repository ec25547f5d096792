import { Injectable, Logger } from '@nestjs/common';
import { ConnectAccountReply } from '@app/contracts';
import { ProviderRegistry } from '../../providers/provider-registry';
import { AccountStore } from '../account-store';
import { validateConnectAccountRequest } from './connect-account-request';

/** RPC `publisher.accounts.connect`: keeps what the publisher needs to publish for an account. */
@Injectable()
export class ConnectAccountHandler {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly providers: ProviderRegistry,
    private readonly accounts: AccountStore,
  ) {}

  async handle(payload: unknown): Promise<ConnectAccountReply> {
    const request = validateConnectAccountRequest(payload, (name) => this.providers.find(name));
    const { providerAdapter, ...account } = request;
    await this.accounts.save(account);
    const authorized = await providerAdapter.authorize(account.settings, account.credentials);
    this.logger.log(`Account ${account.accountId} of workspace ${account.workspaceUuid} connected to ${account.provider} (authorized: ${authorized})`);
    return { authorized };
  }
}
