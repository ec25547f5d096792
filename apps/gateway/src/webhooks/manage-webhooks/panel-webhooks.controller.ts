import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { WebhookScope, WebhookView } from '@app/contracts';
import { PanelRoute } from '../../auth/route-access';
import { webhookIdFromPath } from '../webhook-id';
import { WebhookOperationDocs } from './webhook-operations.doc';
import { PANEL_ADMIN_READER, WebhookSettings } from './webhook-settings';
import { Idempotent } from '../../idempotency/idempotent.decorator';

const SYSTEM: WebhookScope = { system: true };

/** System webhooks, set in the panel: they receive the post events of every workspace. */
@Controller('panel/webhooks')
@PanelRoute('panel')
export class PanelWebhooksController {
  constructor(private readonly webhooks: WebhookSettings) {}

  @Get()
  @ApiOperation({ summary: 'List system webhooks' })
  @WebhookOperationDocs.list()
  list(): Promise<{ data: WebhookView[] }> {
    return this.webhooks.list(SYSTEM, PANEL_ADMIN_READER);
  }

  @Post()
  @ApiOperation({ summary: 'Register a system webhook (every workspace\'s events)' })
  @Idempotent({ answersSecret: true })
  @HttpCode(201)
  @WebhookOperationDocs.create()
  create(@Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.create(SYSTEM, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a system webhook' })
  @WebhookOperationDocs.get()
  get(@Param('id') id: string): Promise<WebhookView> {
    return this.webhooks.get(SYSTEM, webhookIdFromPath(id), PANEL_ADMIN_READER);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a system webhook' })
  @WebhookOperationDocs.update()
  update(@Param('id') id: string, @Body() body: unknown): Promise<WebhookView> {
    return this.webhooks.update(SYSTEM, webhookIdFromPath(id), body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a system webhook' })
  @HttpCode(204)
  @WebhookOperationDocs.delete()
  delete(@Param('id') id: string): Promise<void> {
    return this.webhooks.delete(SYSTEM, webhookIdFromPath(id));
  }
}
