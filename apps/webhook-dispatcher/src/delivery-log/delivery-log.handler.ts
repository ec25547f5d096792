import { Injectable, Logger } from '@nestjs/common';
import { DELIVERY_STATUSES, DeliveryView, Messages, RpcMethods, ServiceError } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { DeliveryWorker } from '../deliver-webhooks/delivery-worker';
import { WebhookMessages } from '../manage-webhooks/webhook-input';
import { WebhookSettingsRepository } from '../manage-webhooks/webhook-settings.repository';
import { field, scopeOwner, webhookIdOf } from '../webhook-scope';
import { DeliveryFilters, DeliveryLogRepository } from './delivery-log.repository';

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 200;
export const DELIVERY_NOT_FOUND = 'Delivery not found.';

/** The delivery log of a webhook over RPC, and resending a delivery. */
@Injectable()
export class DeliveryLogHandler {
  private readonly logger = new Logger('WebhookDeliveryLog');

  constructor(
    private readonly webhooks: WebhookSettingsRepository,
    private readonly deliveries: DeliveryLogRepository,
    private readonly worker: DeliveryWorker,
  ) {}

  @HandlesRpc(RpcMethods.listDeliveries)
  async list(payload: unknown): Promise<DeliveryView[]> {
    const webhookId = await this.webhookInScope(payload);
    const limit = field(payload, 'limit');
    const bounded = typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_LIST_LIMIT) : DEFAULT_LIST_LIMIT;
    return this.deliveries.list(webhookId, bounded, filtersOf(payload));
  }

  /** Every failed delivery of the window due again, or only counted (`dryRun`). */
  @HandlesRpc(RpcMethods.recoverDeliveries)
  async recover(payload: unknown): Promise<{ count: number }> {
    const webhookId = await this.webhookInScope(payload);
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

  @HandlesRpc(RpcMethods.resendDelivery)
  async resend(payload: unknown): Promise<DeliveryView> {
    const webhookId = await this.webhookInScope(payload);
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

  private async webhookInScope(payload: unknown): Promise<number> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    if (id === null || !(await this.webhooks.exists(owner, id))) {
      throw new ServiceError('not_found', WebhookMessages.notFound);
    }
    return id;
  }
}

/** The filters of a list request; the gateway checked them, anything else is left out. */
function filtersOf(payload: unknown): DeliveryFilters {
  const text = (name: string) => (typeof field(payload, name) === 'string' ? (field(payload, name) as string) : undefined);
  const status = text('status');
  return {
    status: (DELIVERY_STATUSES as readonly string[]).includes(status ?? '') ? (status as DeliveryView['status']) : undefined,
    event: text('event'),
    since: instantOf(field(payload, 'since')),
    until: instantOf(field(payload, 'until')),
    postUuid: text('postUuid')?.toLowerCase(),
  };
}

/** An ISO 8601 instant from a request, or undefined. */
function instantOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
