import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { WebhookView } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { webhookIdFromPath } from '../webhook-id';
import { WebhookOperationDocs } from './webhook-operations.doc';
import { webhookReaderOf, WebhookSettings } from './webhook-settings';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { WorkspaceAdminOnly } from '../../workspace/workspace-admin.guard';

/** A workspace's webhooks: they receive that workspace's post events. Members read them (without the secret; viewers see only the URL's origin); admins manage them. */
@Controller(':workspaceUuid/webhooks')
@WorkspaceRoute('webhooks')
export class WorkspaceWebhooksController {
  constructor(private readonly webhooks: WebhookSettings) {}

  @Get()
  @ApiOperation({ summary: 'List a workspace\'s webhooks' })
  @WebhookOperationDocs.list()
  list(@CurrentMembership() { workspaceUuid, role }: Membership): Promise<{ data: WebhookView[] }> {
    return this.webhooks.list({ workspaceUuid }, webhookReaderOf(role));
  }

  @Post()
  @ApiOperation({ summary: 'Register a webhook for a workspace\'s post events' })
  @WorkspaceAdminOnly()
  @Idempotent({ answersSecret: true })
  @HttpCode(201)
  @WebhookOperationDocs.create()
  create(@CurrentMembership() { workspaceUuid }: Membership, @Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.create({ workspaceUuid }, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a workspace webhook' })
  @WebhookOperationDocs.get()
  get(@CurrentMembership() { workspaceUuid, role }: Membership, @Param('id') id: string): Promise<WebhookView> {
    return this.webhooks.get({ workspaceUuid }, webhookIdFromPath(id), webhookReaderOf(role));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a workspace webhook' })
  @WorkspaceAdminOnly()
  @WebhookOperationDocs.update()
  update(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string, @Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.update({ workspaceUuid }, webhookIdFromPath(id), body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a workspace webhook' })
  @WorkspaceAdminOnly()
  @HttpCode(204)
  @WebhookOperationDocs.delete()
  delete(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string): Promise<void> {
    return this.webhooks.delete({ workspaceUuid }, webhookIdFromPath(id));
  }
}
