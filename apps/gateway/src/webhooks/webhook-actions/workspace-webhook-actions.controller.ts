import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { TestAttemptView, WebhookView } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { WorkspaceAdminOnly } from '../../workspace/workspace-admin.guard';
import { webhookIdFromPath } from '../webhook-id';
import { WebhookActionDocs } from './webhook-actions.doc';
import { RecoverDeliveriesDto, RotateSecretDto, TestWebhookDto } from './webhook-actions.dto';
import { WebhookActions } from './webhook-actions';

/** Secret rotation, test events and recovery of a workspace's webhook: its admins only. */
@Controller(':workspaceUuid/webhooks/:id')
@WorkspaceRoute('webhooks')
export class WorkspaceWebhookActionsController {
  constructor(private readonly actions: WebhookActions) {}

  @Post('rotate-secret')
  @ApiOperation({ summary: 'Rotate a workspace webhook\'s signing secret' })
  @WorkspaceAdminOnly()
  @HttpCode(200)
  @WebhookActionDocs.rotateSecret()
  rotateSecret(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string, @Body() body: RotateSecretDto): Promise<WebhookView> {
    return this.actions.rotateSecret({ workspaceUuid }, webhookIdFromPath(id), body);
  }

  @Post('test')
  @ApiOperation({ summary: 'Send a signed sample event to a workspace webhook' })
  @WorkspaceAdminOnly()
  @Idempotent()
  @HttpCode(200)
  @WebhookActionDocs.test()
  test(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') id: string, @Body() body: TestWebhookDto): Promise<TestAttemptView> {
    return this.actions.test({ workspaceUuid }, webhookIdFromPath(id), body);
  }

  @Post('recover')
  @ApiOperation({ summary: 'Make a workspace webhook\'s failed deliveries of a time window due again' })
  @WorkspaceAdminOnly()
  @Idempotent()
  @HttpCode(200)
  @WebhookActionDocs.recover()
  recover(
    @CurrentMembership() { workspaceUuid }: Membership,
    @Param('id') id: string,
    @Body() body: RecoverDeliveriesDto,
  ): Promise<{ count: number }> {
    return this.actions.recover({ workspaceUuid }, webhookIdFromPath(id), body);
  }
}
