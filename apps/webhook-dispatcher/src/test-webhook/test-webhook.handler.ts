import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { isWebhookEventName, Messages, RpcMethods, ServiceError, TestAttemptView } from '@app/contracts';
import { WebhookSender } from '../deliver-webhooks/webhook-sender';
import { webhookNotFound, WebhookMessages } from '../manage-webhooks/webhook-input';
import { WebhookSettingsStore } from '../manage-webhooks/webhook-settings-store';
import { describeScope, field, scopeOwner, webhookIdOf } from '../webhook-scope';
import { SAMPLE_WORKSPACE_UUID, sampleEnvelope } from './sample-envelope';

/**
 * A test event: a sample envelope sent now, signed as deliveries are, with `X-Service-Test: true`,
 * answered with the attempt. Sent whether the webhook is active or not; it is not a delivery: not
 * kept in the log, not retried, and it neither disables the webhook nor counts for it.
 */
@Controller()
export class TestWebhookHandler {
  private readonly logger = new Logger('WebhookTest');

  constructor(
    private readonly webhooks: WebhookSettingsStore,
    private readonly sender: WebhookSender,
  ) {}

  @MessagePattern(RpcMethods.testWebhook)
  async handle(payload: unknown): Promise<TestAttemptView> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    const event = field(payload, 'event');
    if (!isWebhookEventName(event)) throw new ServiceError('validation', Messages.validation, { event: [WebhookMessages.eventInvalid] });
    const target = id !== null ? await this.webhooks.signingTarget(owner, id) : null;
    if (!target) webhookNotFound();

    const testId = randomUUID();
    const at = new Date();
    const body = JSON.stringify(sampleEnvelope(event, owner ?? SAMPLE_WORKSPACE_UUID, at));
    const result = await this.sender.send({ deliveryId: testId, event, url: target.url, body, secrets: target.secrets, test: true });
    const answer = result.statusCode !== null ? `HTTP ${result.statusCode}` : result.error;
    this.logger.log(`Test ${event} ${testId} to webhook ${id} of ${describeScope(owner)} (${new URL(target.url).host}): ${answer} in ${result.durationMs} ms`);
    return {
      id: testId,
      at: at.toISOString(),
      succeeded: result.succeeded,
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      error: result.error,
      error_kind: result.errorKind,
      response: result.response,
    };
  }
}
