import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DisconnectAccountReply, Messages, RpcMethods, ServiceError } from '@app/contracts';
import { asObject, checkAccountRef } from '../account-ref';
import { AccountCredentialStore } from '../account-credential-store';

/**
 * RPC `publisher.accounts.disconnect` (a DisconnectAccountRequest): forgets an account's settings
 * and credentials; later publishes to it fail as not connected.
 */
@Controller()
export class DisconnectAccountHandler {
  private readonly logger = new Logger('Publisher');

  constructor(private readonly accounts: AccountCredentialStore) {}

  @MessagePattern(RpcMethods.disconnectAccount)
  async handle(payload: unknown): Promise<DisconnectAccountReply> {
    const errors: Record<string, string[]> = {};
    const { accountId, workspaceUuid } = checkAccountRef(asObject(payload), errors);
    if (Object.keys(errors).length > 0) throw new ServiceError('validation', Messages.validation, errors);

    const disconnected = await this.accounts.remove(accountId, workspaceUuid);
    if (disconnected) this.logger.log(`Account ${accountId} of workspace ${workspaceUuid} disconnected`);
    return { disconnected };
  }
}
