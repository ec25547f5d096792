import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DeliveryView } from '@app/contracts';
import { PanelRoute } from '../../auth/route-access';
import { webhookIdFromPath } from '../webhook-id';
import { DeliveryOperationDocs } from './delivery-operations.doc';
import { DeliveryFiltersDto } from './delivery-filters.dto';
import { WebhookDeliveries } from './webhook-deliveries';
import { Idempotent } from '../../idempotency/idempotent.decorator';

@Controller('panel/webhooks/:id/deliveries')
@PanelRoute('panel')
export class PanelDeliveriesController {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  @Get()
  @ApiOperation({ summary: 'List a system webhook\'s deliveries' })
  @DeliveryOperationDocs.list()
  list(@Param('id') id: string, @Query() filters: DeliveryFiltersDto): Promise<{ data: DeliveryView[] }> {
    return this.deliveries.list({ system: true }, webhookIdFromPath(id), filters);
  }

  @Post(':deliveryId/resend')
  @ApiOperation({ summary: 'Send a delivery of a system webhook again' })
  @Idempotent()
  @HttpCode(202)
  @DeliveryOperationDocs.resend()
  resend(@Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<DeliveryView> {
    return this.deliveries.resend({ system: true }, webhookIdFromPath(id), deliveryId);
  }
}
