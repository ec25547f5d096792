import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { TestAttemptView, WebhookScope, WebhookView } from '@app/contracts';
import { PanelRoute } from '../../auth/route-access';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { webhookIdFromPath } from '../webhook-id';
import { WebhookActionDocs } from './webhook-actions.doc';
import { RecoverDeliveriesDto, RotateSecretDto, TestWebhookDto } from './webhook-actions.dto';
import { WebhookActions } from './webhook-actions';

const SYSTEM: WebhookScope = { system: true };

/** Secret rotation, test events and recovery of a system webhook. */
@Controller('panel/webhooks/:id')
@PanelRoute('panel')
export class PanelWebhookActionsController {
  constructor(private readonly actions: WebhookActions) {}

  @Post('rotate-secret')
  @ApiOperation({ summary: 'Rotate a system webhook\'s signing secret' })
  @HttpCode(200)
  @WebhookActionDocs.rotateSecret()
  rotateSecret(@Param('id') id: string, @Body() body: RotateSecretDto): Promise<WebhookView> {
    return this.actions.rotateSecret(SYSTEM, webhookIdFromPath(id), body);
  }

  @Post('test')
  @ApiOperation({ summary: 'Send a signed sample event to a system webhook' })
  @Idempotent()
  @HttpCode(200)
  @WebhookActionDocs.test()
  test(@Param('id') id: string, @Body() body: TestWebhookDto): Promise<TestAttemptView> {
    return this.actions.test(SYSTEM, webhookIdFromPath(id), body);
  }

  @Post('recover')
  @ApiOperation({ summary: 'Make a system webhook\'s failed deliveries of a time window due again' })
  @Idempotent()
  @HttpCode(200)
  @WebhookActionDocs.recover()
  recover(@Param('id') id: string, @Body() body: RecoverDeliveriesDto): Promise<{ count: number }> {
    return this.actions.recover(SYSTEM, webhookIdFromPath(id), body);
  }
}
