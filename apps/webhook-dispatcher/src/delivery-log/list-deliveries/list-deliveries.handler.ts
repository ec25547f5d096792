import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DELIVERY_STATUSES, DeliveryView, RpcMethods } from '@app/contracts';
import { WebhookSettingsStore } from '../../manage-webhooks/webhook-settings-store';
import { field } from '../../webhook-scope';
import { DeliveryFilters, DeliveryLogStore } from '../delivery-log-store';
import { instantOf, webhookInScope } from '../webhook-in-scope';

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 200;

/** `webhooks.deliveries.list` (a ListDeliveriesRequest): a webhook's delivery log, newest first, filtered. */
@Controller()
export class ListDeliveriesHandler {
  constructor(
    private readonly webhooks: WebhookSettingsStore,
    private readonly deliveries: DeliveryLogStore,
  ) {}

  @MessagePattern(RpcMethods.listDeliveries)
  async handle(payload: unknown): Promise<DeliveryView[]> {
    const webhookId = await webhookInScope(this.webhooks, payload);
    const limit = field(payload, 'limit');
    const bounded = typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_LIST_LIMIT) : DEFAULT_LIST_LIMIT;
    return this.deliveries.list(webhookId, bounded, filtersOf(payload));
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
