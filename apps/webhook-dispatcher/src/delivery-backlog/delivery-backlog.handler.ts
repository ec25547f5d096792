import { Injectable } from '@nestjs/common';
import { DeliveryBacklog, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { DeliveryBacklogStore } from './delivery-backlog-store';

/** How many deliveries wait and since when, for the gateway's pipeline view (admins only there). */
@Injectable()
export class DeliveryBacklogHandler {
  constructor(private readonly deliveries: DeliveryBacklogStore) {}

  @HandlesRpc(RpcMethods.deliveryBacklog)
  handle(): Promise<DeliveryBacklog> {
    return this.deliveries.backlog();
  }
}
