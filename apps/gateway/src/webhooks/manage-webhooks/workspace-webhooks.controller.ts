import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { WebhookView } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { webhookIdFromPath } from '../webhook-id';
import { WebhookOperationDocs } from './webhook-operations.doc';
import { WebhookSettings } from './webhook-settings';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { WorkspaceAdminOnly } from '../../workspace/workspace-admin.guard';

/** A workspace's webhooks: they receive that workspace's post events. Members read them (without the secret); admins manage them. */
@Controller(':workspaceUuid/webhooks')
@WorkspaceRoute('webhooks')
export class WorkspaceWebhooksController {
  constructor(private readonly webhooks: WebhookSettings) {}

  @Get()
  @WebhookOperationDocs.list()
  list(@CurrentMembership() { workspaceUuid, role }: Membership): Promise<{ data: WebhookView[] }> {
    return this.webhooks.list({ workspaceUuid }, role === 'admin');
  }

  @Post()
  @WorkspaceAdminOnly()
  @Idempotent()
  @HttpCode(201)
  @WebhookOperationDocs.create()
  create(@CurrentMembership() { workspaceUuid }: Membership, @Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.create({ workspaceUuid }, body);
  }

  @Get(':id')
  @WebhookOperationDocs.get()
  get(@CurrentMembership() { workspaceUuid, role }: Membership, @Param('id') id: string): Promise<WebhookView> {
    return this.webhooks.get({ workspaceUuid }, webhookIdFromPath(id), role === 'admin');
  }

  @Put(':id')
  @WorkspaceAdminOnly()
  @WebhookOperationDocs.update()
  update(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string, @Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.update({ workspaceUuid }, webhookIdFromPath(id), body);
  }

  @Delete(':id')
  @WorkspaceAdminOnly()
  @HttpCode(204)
  @WebhookOperationDocs.delete()
  delete(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string): Promise<void> {
    return this.webhooks.delete({ workspaceUuid }, webhookIdFromPath(id));
  }
}
