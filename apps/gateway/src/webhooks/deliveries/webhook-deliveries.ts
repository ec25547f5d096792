import { Inject, Injectable } from '@nestjs/common';
import { DeliveryView, ListDeliveriesRequest, ResendDeliveryRequest, RpcMethods, WebhookScope } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { validationFailed } from '../../http/api-error';
import { FieldMessages } from '@app/domain';

/** The delivery log of a webhook (newest first) and resending a delivery, owned by the webhook-dispatcher. */
@Injectable()
export class WebhookDeliveries {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  async list(scope: WebhookScope, webhookId: number, limitText: string | undefined): Promise<{ data: DeliveryView[] }> {
    const request: ListDeliveriesRequest = { scope, webhookId, ...limitOf(limitText) };
    return { data: await this.rpc.request<DeliveryView[]>(RpcMethods.listDeliveries, request) };
  }

  resend(scope: WebhookScope, webhookId: number, deliveryId: string): Promise<DeliveryView> {
    const request: ResendDeliveryRequest = { scope, webhookId, deliveryId };
    return this.rpc.request<DeliveryView>(RpcMethods.resendDelivery, request);
  }
}

function limitOf(text: string | undefined): { limit?: number } {
  if (text === undefined || text === '') return {};
  if (!/^[1-9]\d{0,5}$/.test(text)) throw validationFailed({ limit: [FieldMessages.integer('limit')] });
  return { limit: Number(text) };
}
