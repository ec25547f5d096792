import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConnectAccountReply, ConnectAccountRequest, DisconnectAccountRequest, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { platformOf } from '@app/platforms';
import { notFound } from '../../http/api-error';
import { AccountStore, AccountView, ReportedSettings } from '../account-store';
import { ACCOUNT_NOT_FOUND } from '../delete-account/disconnect-account';
import { AccountNews } from '../account-news/account-news';
import { errorMessage } from '@app/errors';

export interface AccountToConnect {
  workspaceUuid: string;
  provider: string;
  /** As the client named the account; null takes what the provider reports. */
  name: string | null;
  username: string | null;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
}

/** How long the gateway waits for the publisher to connect an account (checking the credentials with the platform included). */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connects an account: the publisher checks the credentials with the provider and keeps settings
 * and credentials (encrypted) first; only then does the account exist here, named as the client
 * asked or else as the provider reports it. Credentials the provider refuses are the publisher's
 * 422; credentials never touch the gateway's schema.
 *
 * A connect answered with an error leaves no account behind: the account reserved here stays
 * hidden, and the publisher keeps nothing. The request tells the publisher when the gateway stops
 * waiting, and the publisher stores nothing past it (it checks the credentials only until a
 * margin before it); a reply lost or late after the publisher stored the account in time is
 * covered by asking it to forget the account (`disconnectAccount`) whenever the connect failed.
 */
@Injectable()
export class ConnectAccount {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly accounts: AccountStore,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly news: AccountNews,
  ) {}

  async connect({ workspaceUuid, provider, name, username, settings, credentials }: AccountToConnect): Promise<AccountView> {
    const accountId = await this.accounts.reserve({ workspaceUuid, provider, name: name ?? '', username });
    let reply: ConnectAccountReply;
    try {
      reply = await this.askPublisher({ accountId, workspaceUuid, provider, settings, credentials });
    } catch (error) {
      this.forget(accountId, workspaceUuid);
      throw error;
    }
    const names = { name: name ?? reply.name, username: username ?? reply.username ?? null };
    const account = await this.accounts.connected(accountId, reply.authorized, names, reportedSettings(provider, reply), this.news.of('AccountConnected'));
    this.logger.log(`Account ${accountId} (${account.provider}) connected to workspace ${workspaceUuid}`);
    this.news.sendSoon();
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
    const reply = await this.askPublisher({ accountId: existing.id, workspaceUuid, provider: existing.provider, ...changes, keepSettings: true });
    const account = await this.accounts.connected(existing.id, reply.authorized, undefined, reportedSettings(existing.provider, reply), this.news.of('AccountConnected'));
    this.logger.log(`Account ${existing.id} (${account.provider}) of workspace ${workspaceUuid} connected again`);
    this.news.sendSoon();
    return account;
  }

  /** The publisher checks the credentials (and keeps them) by the deadline this request carries, which is also how long this waits. */
  private askPublisher(request: Omit<ConnectAccountRequest, 'deadline'>): Promise<ConnectAccountReply> {
    return this.rpc.request<ConnectAccountReply>(RpcMethods.connectAccount, { ...request, deadline: Date.now() + CONNECT_TIMEOUT_MS }, { timeoutMs: CONNECT_TIMEOUT_MS });
  }

  /**
   * Asks the publisher to forget an account whose connect failed (it may have stored it before a
   * reply that was lost); the client's error answer does not wait for it. A failure is logged.
   */
  private forget(accountId: number, workspaceUuid: string): void {
    this.rpc.request(RpcMethods.disconnectAccount, { accountId, workspaceUuid } satisfies DisconnectAccountRequest).catch((error: unknown) => {
      this.logger.warn(`Account ${accountId} of workspace ${workspaceUuid}: the publisher could not be asked to forget it after its connect failed: ${errorMessage(error)}`);
    });
  }
}

/**
 * What a provider reported at connect that its platform's rules read (Mastodon's instance
 * `max_characters`, ...), kept for the checks at schedule time, and the account's picture (a
 * publisher that tells none keeps the stored one).
 */
function reportedSettings(provider: string, { settings, avatar_url: avatarUrl }: Pick<ConnectAccountReply, 'settings' | 'avatar_url'>): ReportedSettings {
  const value = settings?.max_characters;
  const maxCharacters = typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
  const { max_characters: _kept, ...ruleSettings } = platformOf(provider)?.ruleSettings(settings ?? {}) ?? {};
  return { maxCharacters, ruleSettings, ...(avatarUrl !== undefined && { avatarUrl: typeof avatarUrl === 'string' ? avatarUrl : null }) };
}
