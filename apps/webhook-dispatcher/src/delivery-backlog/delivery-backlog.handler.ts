import { Injectable } from '@nestjs/common';
import { DeliveryBacklog, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { DeliveryBacklogRepository } from './delivery-backlog.repository';

/** How many deliveries wait and since when, for the gateway's pipeline view (admins only there). */
@Injectable()
export class DeliveryBacklogHandler {
  constructor(private readonly deliveries: DeliveryBacklogRepository) {}

  @HandlesRpc(RpcMethods.deliveryBacklog)
  handle(): Promise<DeliveryBacklog> {
    return this.deliveries.backlog();
  }
}
