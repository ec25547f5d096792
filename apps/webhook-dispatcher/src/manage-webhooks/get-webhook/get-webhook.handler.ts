import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { RpcMethods, WebhookView } from '@app/contracts';
import { scopeOwner, secretShownTo, urlShownTo, webhookIdOf } from '../../webhook-scope';
import { webhookNotFound } from '../webhook-input';
import { WebhookSettingsStore } from '../webhook-settings-store';

/** `webhooks.get` (a WebhookRequest): one webhook of a scope. */
@Controller()
export class GetWebhookHandler {
  constructor(private readonly webhooks: WebhookSettingsStore) {}

  @MessagePattern(RpcMethods.getWebhook)
  async handle(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    return (id !== null ? await this.webhooks.find(owner, id, secretShownTo(payload), urlShownTo(payload)) : null) ?? webhookNotFound();
  }
}
