import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DeliveryView, RpcMethods, ServiceError } from '@app/contracts';
import { DeliveryWorker } from '../../deliver-webhooks/delivery-worker';
import { WebhookSettingsStore } from '../../manage-webhooks/webhook-settings-store';
import { field } from '../../webhook-scope';
import { DeliveryLogStore } from '../delivery-log-store';
import { webhookInScope } from '../webhook-in-scope';

export const DELIVERY_NOT_FOUND = 'Delivery not found.';

/** `webhooks.deliveries.resend` (a ResendDeliveryRequest): the delivery pending again, due now. */
@Controller()
export class ResendDeliveryHandler {
  private readonly logger = new Logger('WebhookDeliveryLog');

  constructor(
    private readonly webhooks: WebhookSettingsStore,
    private readonly deliveries: DeliveryLogStore,
    private readonly worker: DeliveryWorker,
  ) {}

  @MessagePattern(RpcMethods.resendDelivery)
  async handle(payload: unknown): Promise<DeliveryView> {
    const webhookId = await webhookInScope(this.webhooks, payload);
    const deliveryId = field(payload, 'deliveryId');
    if (typeof deliveryId !== 'string') throw new ServiceError('not_found', DELIVERY_NOT_FOUND);
    const restarted = await this.deliveries.resend(webhookId, deliveryId);
    const delivery = await this.deliveries.find(webhookId, deliveryId);
    if (!delivery) throw new ServiceError('not_found', DELIVERY_NOT_FOUND);
    if (restarted) {
      this.logger.log(`Delivery ${deliveryId} of webhook ${webhookId} resent`);
      this.worker.wake();
    }
    return delivery;
  }
}
