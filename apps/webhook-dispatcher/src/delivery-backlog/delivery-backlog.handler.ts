import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DeliveryBacklog, RpcMethods } from '@app/contracts';
import { DeliveryBacklogStore } from './delivery-backlog-store';

/** How many deliveries wait and since when, for the gateway's pipeline view (admins only there). */
@Controller()
export class DeliveryBacklogHandler {
  constructor(private readonly deliveries: DeliveryBacklogStore) {}

  @MessagePattern(RpcMethods.deliveryBacklog)
  handle(): Promise<DeliveryBacklog> {
    return this.deliveries.backlog();
  }
}
