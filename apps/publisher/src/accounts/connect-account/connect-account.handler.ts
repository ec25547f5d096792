import { Injectable, Logger } from '@nestjs/common';
import { ConnectAccountReply, ConnectAccountRequest, Messages, RpcMethods, ServiceError } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { ProviderRegistry } from '../../providers/provider-registry';
import { Verification } from '../../providers/publish-provider';
import { AccountStore } from '../account-store';
import { validateConnectAccountRequest, ValidConnectAccountRequest } from './connect-account-request';

export const ConnectMessages = {
  credentialsRejected: 'The provider rejected these credentials.',
  addressRefused: (field: string) => `The ${field} must not resolve to a private, loopback or link-local address.`,
  unreachable: (provider: string, detail: string) => `The ${provider} provider could not check the credentials now: ${detail}`,
} as const;

/**
 * RPC `publisher.accounts.connect`: checks the credentials with the provider, then keeps what the
 * publisher needs to publish for the account (settings, credentials and the provider's session,
 * encrypted). Refused credentials are a validation error; a provider that cannot answer now
 * (429, 5xx, no answer) makes the connect unavailable, never a refusal.
 */
@Injectable()
export class ConnectAccountHandler {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly providers: ProviderRegistry,
    private readonly accounts: AccountStore,
  ) {}

  @HandlesRpc(RpcMethods.connectAccount)
  async handle(payload: unknown): Promise<ConnectAccountReply> {
    const request = validateConnectAccountRequest(await this.withKeptSettings(payload), (name) => this.providers.find(name));
    const { providerAdapter, ...account } = request;
    const verification = await this.verify(request);
    if (verification.kind !== 'verified') {
      this.logger.warn(`Account ${account.accountId} of workspace ${account.workspaceUuid}: ${account.provider} answered ${verification.kind}: ${verification.message}`);
      if (verification.kind === 'rejected' && verification.refusedAddress && providerAdapter.urlField) {
        throw new ServiceError('validation', Messages.validation, { [providerAdapter.urlField]: [ConnectMessages.addressRefused(providerAdapter.urlField)] });
      }
      if (verification.kind === 'reauthorize' || verification.kind === 'rejected') {
        throw new ServiceError('validation', Messages.validation, { credentials: [ConnectMessages.credentialsRejected] });
      }
      throw new ServiceError('unavailable', ConnectMessages.unreachable(providerAdapter.name, verification.message));
    }
    const verified = verification.account;
    await this.accounts.save({ ...account, settings: verified.settings }, verified.session ?? null);
    this.logger.log(`Account ${account.accountId} of workspace ${account.workspaceUuid} connected to ${account.provider}`);
    return { authorized: true, name: verified.name, username: verified.username, settings: verified.settings };
  }

  /** A reconnect's request with the settings of the account as the publisher holds it, the ones sent over them. */
  private async withKeptSettings(payload: unknown): Promise<unknown> {
    const request = payload as Partial<ConnectAccountRequest> | null;
    if (!request || request.keepSettings !== true || !Number.isSafeInteger(request.accountId)) return payload;
    const held = await this.accounts.find(request.accountId!);
    if (!held || held.provider !== request.provider || held.workspaceUuid !== request.workspaceUuid) return payload;
    const sent = request.settings && typeof request.settings === 'object' ? request.settings : {};
    return { ...request, settings: { ...held.settings, ...sent } };
  }

  /** A provider that throws has not verified anything: the answer is unknown, not a refusal. */
  private async verify({ providerAdapter, settings, credentials }: ValidConnectAccountRequest): Promise<Verification> {
    try {
      return await providerAdapter.verify(settings, credentials);
    } catch (error) {
      return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) };
    }
  }
}
