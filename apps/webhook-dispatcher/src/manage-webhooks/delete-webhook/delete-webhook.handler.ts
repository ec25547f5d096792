import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { RpcMethods } from '@app/contracts';
import { describeScope, scopeOwner, webhookIdOf } from '../../webhook-scope';
import { webhookNotFound } from '../webhook-input';
import { WebhookSettingsStore } from '../webhook-settings-store';

/** `webhooks.delete` (a WebhookRequest): the webhook and its deliveries go. */
@Controller()
export class DeleteWebhookHandler {
  private readonly logger = new Logger('WebhookSettings');

  constructor(private readonly webhooks: WebhookSettingsStore) {}

  @MessagePattern(RpcMethods.deleteWebhook)
  async handle(payload: unknown): Promise<null> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    if (id === null || !(await this.webhooks.delete(owner, id))) webhookNotFound();
    this.logger.log(`Webhook ${id} of ${describeScope(owner)} deleted`);
    return null;
  }
}
