import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiSchema, OmitType } from '@nestjs/swagger';
import { TestAttemptView } from '@app/contracts';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { DeliveryAttemptDoc } from '../deliveries/delivery.doc';
import { WebhookDoc } from '../manage-webhooks/webhook.doc';
import { ApiWebhookIdParam } from '../webhook-id';
import { RecoverDeliveriesDto, RotateSecretDto, TestWebhookDto } from './webhook-actions.dto';

@ApiSchema({ name: 'WebhookTestAttempt', description: 'the answer of the endpoint to a test event' })
class TestAttemptDoc extends OmitType(DeliveryAttemptDoc, ['next_retry_at'] as const) implements TestAttemptView {
  @ApiProperty({ description: 'whether the endpoint answered 2xx within WEBHOOK_TIMEOUT_MS' })
  succeeded: boolean;

  @ApiProperty({ format: 'uuid', description: 'the webhook-id header of the test (tests are not kept in the delivery log)' })
  id: string;
}

@ApiSchema({ name: 'RecoveredCount' })
class RecoveredCountDoc {
  @ApiProperty({ type: 'integer', example: 3, description: 'failed deliveries of the window (queued again unless dry_run)' })
  count: number;
}

/** What rotating a secret, testing and recovering answer, the same for system and workspace webhooks. */
export const WebhookActionDocs = {
  rotateSecret: () =>
    applyDecorators(
      ApiWebhookIdParam(),
      ApiJsonBody(RotateSecretDto, { grace_seconds: 3600 }),
      ApiOkResponse({ type: WebhookDoc, description: 'the webhook with its new secret; previous_secret_expires_at tells until when the old one signs too' }),
      ApiErrorResponses({ 422: `${Failures.validation} For grace_seconds.` }),
    ),
  test: () =>
    applyDecorators(
      ApiWebhookIdParam(),
      ApiJsonBody(TestWebhookDto, { event: 'post.published' }),
      ApiOkResponse({
        type: TestAttemptDoc,
        description: 'a sample envelope of the event, signed, sent with `X-Service-Test: true`; answered once the endpoint answered or timed out',
      }),
      ApiErrorResponses({ 422: `${Failures.validation} For event.` }),
    ),
  recover: () =>
    applyDecorators(
      ApiWebhookIdParam(),
      ApiJsonBody(RecoverDeliveriesDto, { since: '2026-11-22T00:00:00Z', dry_run: true }),
      ApiOkResponse({ type: RecoveredCountDoc, description: 'every failed delivery of the window is due again; with dry_run, only counted' }),
      ApiErrorResponses({ 422: `${Failures.validation} For since and until.` }),
    ),
};
