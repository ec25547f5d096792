import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Messages, RpcMethods, SECRET_GRACE_SECONDS, ServiceError, WebhookView } from '@app/contracts';
import { generateWebhookSecret } from '../../signing/webhook-secret';
import { describeScope, field, scopeOwner, webhookIdOf } from '../../webhook-scope';
import { webhookNotFound, WebhookMessages } from '../webhook-input';
import { WebhookSettingsStore } from '../webhook-settings-store';

/**
 * `webhooks.rotate-secret` (a RotateWebhookSecretRequest): a new generated secret; the old one
 * keeps signing for the grace period (the gateway checked its range).
 */
@Controller()
export class RotateWebhookSecretHandler {
  private readonly logger = new Logger('WebhookSettings');

  constructor(private readonly webhooks: WebhookSettingsStore) {}

  @MessagePattern(RpcMethods.rotateWebhookSecret)
  async handle(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    const grace = field(payload, 'graceSeconds');
    if (typeof grace !== 'number' || !Number.isInteger(grace) || grace < 0 || grace > SECRET_GRACE_SECONDS.max) {
      throw new ServiceError('validation', Messages.validation, { grace_seconds: [WebhookMessages.graceInvalid] });
    }
    const rotated = (id !== null ? await this.webhooks.rotateSecret(owner, id, generateWebhookSecret(), grace) : null) ?? webhookNotFound();
    this.logger.log(`Webhook ${id} of ${describeScope(owner)}: secret rotated, the previous one signs for ${grace} s more`);
    return rotated;
  }
}
