import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConnectAccountReply, ConnectAccountRequest, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { notFound } from '../../http/api-error';
import { AccountRegistry, AccountView } from '../account-registry';
import { ACCOUNT_NOT_FOUND } from '../delete-account/disconnect-account';

export interface AccountToConnect {
  workspaceUuid: string;
  provider: string;
  /** As the client named the account; null takes what the provider reports. */
  name: string | null;
  username: string | null;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
}

/**
 * Connects an account: the publisher checks the credentials with the provider and keeps settings
 * and credentials (encrypted) first; only then does the account exist here, named as the client
 * asked or else as the provider reports it. Credentials the provider refuses are the publisher's
 * 422; credentials never touch the gateway's schema.
 */
@Injectable()
export class ConnectAccount {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly accounts: AccountRegistry,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  async connect({ workspaceUuid, provider, name, username, settings, credentials }: AccountToConnect): Promise<AccountView> {
    const accountId = await this.accounts.reserve({ workspaceUuid, provider, name: name ?? '', username });
    const request: ConnectAccountRequest = { accountId, workspaceUuid, provider, settings, credentials };
    const reply = await this.rpc.request<ConnectAccountReply>(RpcMethods.connectAccount, request);
    const names = { name: name ?? reply.name, username: username ?? reply.username ?? null };
    const account = await this.accounts.connected(accountId, reply.authorized, names, reportedMaxCharacters(reply.settings));
    this.logger.log(`Account ${accountId} (${account.provider}) connected to workspace ${workspaceUuid}`);
    return account;
  }

  /**
   * Connects an account of the workspace again, with new credentials (after the platform refused
   * the old ones): the publisher checks them, keeps the account's settings with the ones sent over
   * them, and the account keeps its id, name and posts, authorized again.
   */
  async reconnect(workspaceUuid: string, accountId: number | null, changes: { settings: Record<string, unknown>; credentials: Record<string, unknown> }): Promise<AccountView> {
    const existing = accountId === null ? null : await this.accounts.find(workspaceUuid, accountId);
    if (!existing) throw notFound(ACCOUNT_NOT_FOUND);
    const request: ConnectAccountRequest = { accountId: existing.id, workspaceUuid, provider: existing.provider, ...changes, keepSettings: true };
    const reply = await this.rpc.request<ConnectAccountReply>(RpcMethods.connectAccount, request);
    const account = await this.accounts.connected(existing.id, reply.authorized, undefined, reportedMaxCharacters(reply.settings));
    this.logger.log(`Account ${existing.id} (${account.provider}) of workspace ${workspaceUuid} connected again`);
    return account;
  }
}

/** The text limit a provider reported at connect (Mastodon's instance `max_characters`), kept for the checks at schedule time. */
function reportedMaxCharacters(settings: Record<string, unknown> | undefined): number | null {
  const value = settings?.max_characters;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}
