import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Messages, RpcMethods, ServiceError } from '@app/contracts';
import { DeliveryWorker } from '../../deliver-webhooks/delivery-worker';
import { WebhookSettingsStore } from '../../manage-webhooks/webhook-settings-store';
import { field } from '../../webhook-scope';
import { DeliveryLogStore } from '../delivery-log-store';
import { instantOf, webhookInScope } from '../webhook-in-scope';

/** `webhooks.deliveries.recover` (a RecoverDeliveriesRequest): every failed delivery of the window due again, or only counted (`dryRun`). */
@Controller()
export class RecoverDeliveriesHandler {
  private readonly logger = new Logger('WebhookDeliveryLog');

  constructor(
    private readonly webhooks: WebhookSettingsStore,
    private readonly deliveries: DeliveryLogStore,
    private readonly worker: DeliveryWorker,
  ) {}

  @MessagePattern(RpcMethods.recoverDeliveries)
  async handle(payload: unknown): Promise<{ count: number }> {
    const webhookId = await webhookInScope(this.webhooks, payload);
    const since = instantOf(field(payload, 'since'));
    const until = field(payload, 'until') === null ? null : instantOf(field(payload, 'until'));
    if (!since || until === undefined) throw new ServiceError('validation', Messages.validation, { since: ['The since field must be a valid date.'] });
    const dryRun = field(payload, 'dryRun') === true;
    const count = await this.deliveries.recover(webhookId, { since, until }, dryRun);
    if (!dryRun && count > 0) {
      this.logger.log(`${count} failed deliveries of webhook ${webhookId} since ${since.toISOString()} resent`);
      this.worker.wake();
    }
    return { count };
  }
}
