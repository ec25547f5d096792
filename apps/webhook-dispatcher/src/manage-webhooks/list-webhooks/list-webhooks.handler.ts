import { Injectable } from '@nestjs/common';
import { RpcMethods, WebhookView } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { scopeOwner, secretShownTo, urlShownTo } from '../../webhook-scope';
import { WebhookSettingsStore } from '../webhook-settings-store';

/** `webhooks.list` (a WebhookScopedRequest): the webhooks of one scope. */
@Injectable()
export class ListWebhooksHandler {
  constructor(private readonly webhooks: WebhookSettingsStore) {}

  @HandlesRpc(RpcMethods.listWebhooks)
  handle(payload: unknown): Promise<WebhookView[]> {
    return this.webhooks.list(scopeOwner(payload), secretShownTo(payload), urlShownTo(payload));
  }
}
