import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { DeliveryView } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { webhookIdFromPath } from '../webhook-id';
import { WebhookDeliveries } from './webhook-deliveries';

@Controller(':workspaceUuid/webhooks/:id/deliveries')
@WorkspaceRoute('webhooks')
export class WorkspaceDeliveriesController {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  @Get()
  @ApiQuery({ name: 'limit', required: false, example: 50 })
  list(
    @CurrentMembership() { workspaceUuid }: Membership,
    @Param('id') id: string,
    @Query('limit') limit?: string,
  ): Promise<{ data: DeliveryView[] }> {
    return this.deliveries.list({ workspaceUuid }, webhookIdFromPath(id), limit);
  }

  @Post(':deliveryId/resend')
  @HttpCode(202)
  resend(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<DeliveryView> {
    return this.deliveries.resend({ workspaceUuid }, webhookIdFromPath(id), deliveryId);
  }
}
