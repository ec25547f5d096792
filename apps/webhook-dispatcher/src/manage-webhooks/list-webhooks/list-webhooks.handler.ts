import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { RpcMethods, WebhookView } from '@app/contracts';
import { scopeOwner, secretShownTo, urlShownTo } from '../../webhook-scope';
import { WebhookSettingsStore } from '../webhook-settings-store';

/** `webhooks.list` (a WebhookScopedRequest): the webhooks of one scope. */
@Controller()
export class ListWebhooksHandler {
  constructor(private readonly webhooks: WebhookSettingsStore) {}

  @MessagePattern(RpcMethods.listWebhooks)
  handle(payload: unknown): Promise<WebhookView[]> {
    return this.webhooks.list(scopeOwner(payload), secretShownTo(payload), urlShownTo(payload));
  }
}
