import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { WebhookView } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { webhookIdFromPath } from '../webhook-id';
import { WebhookBodyDoc } from './webhook-body.doc';
import { WebhookSettings } from './webhook-settings';

/** A workspace's webhooks: they receive that workspace's post events. */
@Controller(':workspaceUuid/webhooks')
@WorkspaceRoute('webhooks')
export class WorkspaceWebhooksController {
  constructor(private readonly webhooks: WebhookSettings) {}

  @Get()
  list(@CurrentMembership() { workspaceUuid }: Membership): Promise<{ data: WebhookView[] }> {
    return this.webhooks.list({ workspaceUuid });
  }

  @Post()
  @HttpCode(201)
  @ApiBody({ type: WebhookBodyDoc })
  create(@CurrentMembership() { workspaceUuid }: Membership, @Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.create({ workspaceUuid }, body);
  }

  @Get(':id')
  get(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string): Promise<WebhookView> {
    return this.webhooks.get({ workspaceUuid }, webhookIdFromPath(id));
  }

  @Put(':id')
  @ApiBody({ type: WebhookBodyDoc })
  update(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string, @Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.update({ workspaceUuid }, webhookIdFromPath(id), body);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string): Promise<void> {
    return this.webhooks.delete({ workspaceUuid }, webhookIdFromPath(id));
  }
}
