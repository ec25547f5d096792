import { Inject, Injectable } from '@nestjs/common';
import { DeliveryView, ListDeliveriesRequest, ResendDeliveryRequest, RpcMethods, WebhookScope } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { DeliveryFiltersDto } from './delivery-filters.dto';

/** The delivery log of a webhook (newest first) and resending a delivery, owned by the webhook-dispatcher. */
@Injectable()
export class WebhookDeliveries {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  async list(scope: WebhookScope, webhookId: number, filters: DeliveryFiltersDto): Promise<{ data: DeliveryView[] }> {
    const { limit, status, event, since, until, post_uuid: postUuid } = filters;
    const request: ListDeliveriesRequest = {
      scope,
      webhookId,
      ...(limit && { limit: Number(limit) }),
      ...(status && { status: status as DeliveryView['status'] }),
      ...(event && { event }),
      ...(since && { since: new Date(since).toISOString() }),
      ...(until && { until: new Date(until).toISOString() }),
      ...(postUuid && { postUuid: postUuid.toLowerCase() }),
    };
    return { data: await this.rpc.request<DeliveryView[]>(RpcMethods.listDeliveries, request) };
  }

  resend(scope: WebhookScope, webhookId: number, deliveryId: string): Promise<DeliveryView> {
    const request: ResendDeliveryRequest = { scope, webhookId, deliveryId };
    return this.rpc.request<DeliveryView>(RpcMethods.resendDelivery, request);
  }
}
