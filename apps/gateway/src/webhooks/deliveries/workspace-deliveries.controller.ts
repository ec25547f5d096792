import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DeliveryView } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { webhookIdFromPath } from '../webhook-id';
import { DeliveryOperationDocs } from './delivery-operations.doc';
import { DeliveryFiltersDto } from './delivery-filters.dto';
import { WebhookDeliveries } from './webhook-deliveries';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { WorkspaceAdminOnly } from '../../workspace/workspace-admin.guard';

@Controller(':workspaceUuid/webhooks/:id/deliveries')
@WorkspaceRoute('webhooks')
export class WorkspaceDeliveriesController {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  @Get()
  @ApiOperation({ summary: 'List a workspace webhook\'s deliveries' })
  @DeliveryOperationDocs.list()
  list(
    @CurrentMembership() { workspaceUuid }: Membership,
    @Param('id') id: string,
    @Query() filters: DeliveryFiltersDto,
  ): Promise<{ data: DeliveryView[] }> {
    return this.deliveries.list({ workspaceUuid }, webhookIdFromPath(id), filters);
  }

  @Post(':deliveryId/resend')
  @ApiOperation({ summary: 'Send a delivery of a workspace webhook again' })
  @WorkspaceAdminOnly()
  @Idempotent()
  @HttpCode(202)
  @DeliveryOperationDocs.resend()
  resend(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<DeliveryView> {
    return this.deliveries.resend({ workspaceUuid }, webhookIdFromPath(id), deliveryId);
  }
}
