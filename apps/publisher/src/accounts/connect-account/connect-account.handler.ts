import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ConnectAccountReply, ConnectAccountRequest, Messages, RpcMethods, ServiceError } from '@app/contracts';
import { ProviderRegistry } from '../../providers/provider-registry';
import { PublishProvider, Verification } from '../../providers/publish-provider';
import { AccountCredentialStore } from '../account-credential-store';
import { validateConnectAccountRequest, ValidConnectAccountRequest } from './connect-account.request';
import { avatarAddress } from './avatar-address';
import { ConnectDeadline } from './connect-deadline';
import { errorMessage } from '@app/errors';

export const ConnectMessages = {
  credentialsRejected: Messages.credentialsRejected,
  addressRefused: (field: string) => `The ${field} must not resolve to a private, loopback or link-local address (PROVIDER_ALLOW_PRIVATE_URLS=true allows them).`,
  unreachable: (provider: string, detail: string) => `The ${provider} provider could not check the credentials now: ${detail}`,
  outOfTime: 'no answer in time',
} as const;

/**
 * RPC `publisher.accounts.connect`: checks the credentials with the provider, then keeps what the
 * publisher needs to publish for the account (settings, credentials and the provider's session,
 * encrypted). Refused credentials are a validation error; a provider that cannot answer now
 * (429, 5xx, no answer) makes the connect unavailable, never a refusal.
 *
 * A connect the gateway answered with an error leaves no account behind. The request carries the
 * moment the gateway stops waiting (`deadline`): the credentials are checked until a margin before
 * it (the platform's calls are cut off then), nothing is stored after that, and an account whose
 * storing ended after the deadline is removed again, each answered as unavailable. This holds
 * whatever happens to the reply; the gateway also asks to forget an account whose connect it gave
 * up on, for a reply lost after the account was stored in time.
 */
@Controller()
export class ConnectAccountHandler {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly providers: ProviderRegistry,
    private readonly accounts: AccountCredentialStore,
  ) {}

  @MessagePattern(RpcMethods.connectAccount)
  async handle(payload: unknown): Promise<ConnectAccountReply> {
    const request = validateConnectAccountRequest(await this.withKeptSettings(payload), this.providers);
    const { providerAdapter, accountId, workspaceUuid, provider } = request;
    const deadline = ConnectDeadline.of(request.deadline);
    const verification = await deadline.check(() => this.verify(request));
    if (verification?.kind !== 'verified') throw this.refusal(request, verification);
    if (deadline.tooLateToStore()) throw this.outOfTime(request, 'the credentials were checked too late to be stored');
    const verified = verification.account;
    const session = request.keepSettings ? await this.withKeptRefreshToken(accountId, verified.session ?? null) : (verified.session ?? null);
    await this.accounts.save({ accountId, workspaceUuid, provider, credentials: request.credentials, settings: verified.settings }, session);
    if (deadline.passed() && !request.keepSettings) {
      await this.accounts.remove(accountId, workspaceUuid);
      throw this.outOfTime(request, 'the account was stored after the gateway stopped waiting, and removed again');
    }
    this.logger.log(`Account ${accountId} of workspace ${workspaceUuid} connected to ${providerAdapter.name}`);
    return { authorized: true, name: verified.name, username: verified.username, avatar_url: avatarAddress(verified.avatarUrl), settings: verified.settings };
  }

  /** Why a connect whose check did not verify the account fails; null: the check ran out of time. */
  private refusal(request: ValidConnectAccountRequest, verification: Exclude<Verification, { kind: 'verified' }> | null): ServiceError {
    const { providerAdapter } = request;
    if (!verification) return this.outOfTime(request, 'the credentials could not be checked before the deadline');
    this.logger.warn(`Account ${request.accountId} of workspace ${request.workspaceUuid}: ${providerAdapter.name} answered ${verification.kind}: ${verification.message}`);
    if (verification.kind === 'rejected' && verification.refusedAddress && providerAdapter.urlField) {
      return new ServiceError('validation', Messages.validation, { [providerAdapter.urlField]: [ConnectMessages.addressRefused(providerAdapter.urlField)] });
    }
    if (verification.kind === 'rejected' && verification.answerTooLarge) {
      return new ServiceError('validation', Messages.validation, { [providerAdapter.urlField ?? 'credentials']: [verification.message] });
    }
    if (verification.kind === 'reauthorize' || verification.kind === 'rejected') {
      return new ServiceError('validation', Messages.validation, { credentials: [ConnectMessages.credentialsRejected] });
    }
    return new ServiceError('unavailable', ConnectMessages.unreachable(providerAdapter.name, verification.message));
  }

  private outOfTime({ accountId, workspaceUuid, providerAdapter }: { accountId: number; workspaceUuid: string; providerAdapter: PublishProvider }, why: string): ServiceError {
    this.logger.warn(`Account ${accountId} of workspace ${workspaceUuid} was not connected to ${providerAdapter.name}: ${why}`);
    return new ServiceError('unavailable', ConnectMessages.unreachable(providerAdapter.name, ConnectMessages.outOfTime));
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

  /**
   * A reconnect's new tokens, with the refresh token the account held when the platform gave none
   * this time (some give one at the first consent only): a reconnect never loses a refresh token.
   */
  private async withKeptRefreshToken(accountId: number, session: Record<string, unknown> | null): Promise<Record<string, unknown> | null> {
    if (!session || typeof session.access_token !== 'string' || typeof session.refresh_token === 'string') return session;
    const held = await this.accounts.sessionOf(accountId).load();
    return typeof held?.refresh_token === 'string' ? { ...session, refresh_token: held.refresh_token } : session;
  }

  /** A provider that throws has not verified anything: the answer is unknown, not a refusal. */
  private async verify({ providerAdapter, settings, credentials }: ValidConnectAccountRequest): Promise<Verification> {
    try {
      return await providerAdapter.verify(settings, credentials);
    } catch (error) {
      return { kind: 'unknown', message: errorMessage(error) };
    }
  }
}
