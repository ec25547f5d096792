import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { APP_CONFIG, AppConfig } from '@app/config';
import { RpcMethods, WebhookView } from '@app/contracts';
import { DeliveryWorker } from '../../deliver-webhooks/delivery-worker';
import { describeScope, field, scopeOwner, webhookIdOf } from '../../webhook-scope';
import { checkedWebhookChanges, describeWebhook } from '../checked-webhook-changes';
import { webhookNotFound } from '../webhook-input';
import { WebhookSettingsStore } from '../webhook-settings-store';

/** `webhooks.update` (an UpdateWebhookRequest): the settings given replace the stored ones. */
@Controller()
export class UpdateWebhookHandler {
  private readonly logger = new Logger('WebhookSettings');

  constructor(
    private readonly webhooks: WebhookSettingsStore,
    private readonly worker: DeliveryWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @MessagePattern(RpcMethods.updateWebhook)
  async handle(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    if (id === null || !(await this.webhooks.exists(owner, id))) webhookNotFound();
    const changes = await checkedWebhookChanges(field(payload, 'input'), 'update', this.config.webhookAllowPrivateUrls);
    const updated = (await this.webhooks.update(owner, id, changes)) ?? webhookNotFound();
    this.logger.log(`Webhook ${id} of ${describeScope(owner)} updated: ${describeWebhook(updated)}`);
    // Deliveries held while the webhook was inactive are due now.
    if (changes.active === true) this.worker.wake();
    return updated;
  }
}
