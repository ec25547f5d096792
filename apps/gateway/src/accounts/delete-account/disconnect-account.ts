import { Inject, Injectable, Logger } from '@nestjs/common';
import { DisconnectAccountRequest, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { notFound } from '../../http/api-error';
import { AccountStore } from '../account-store';
import { AccountNews } from '../account-news/account-news';

export const ACCOUNT_NOT_FOUND = 'Account not found.';

/** Disconnects an account: the publisher forgets its credentials, then it leaves the registry. */
@Injectable()
export class DisconnectAccount {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly accounts: AccountStore,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly news: AccountNews,
  ) {}

  async disconnect(workspaceUuid: string, id: number | null): Promise<void> {
    const account = id === null ? null : await this.accounts.find(workspaceUuid, id);
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    // Disconnecting first: if the publisher cannot be reached the account stays, and the call can be repeated.
    await this.rpc.request(RpcMethods.disconnectAccount, { accountId: account.id, workspaceUuid } satisfies DisconnectAccountRequest);
    await this.accounts.markDeleted(workspaceUuid, account.id, this.news.of('AccountDisconnected'));
    this.logger.log(`Account ${account.id} disconnected from workspace ${workspaceUuid}`);
    this.news.sendSoon();
  }
}
