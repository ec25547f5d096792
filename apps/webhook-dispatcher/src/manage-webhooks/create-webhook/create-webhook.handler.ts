import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Messages, RpcMethods, ServiceError, WebhookView } from '@app/contracts';
import { generateWebhookSecret } from '../../signing/webhook-secret';
import { describeScope, field, scopeOwner } from '../../webhook-scope';
import { checkedWebhookChanges, describeWebhook } from '../checked-webhook-changes';
import { WebhookMessages } from '../webhook-input';
import { WebhookLimitReached, WebhookSettingsStore } from '../webhook-settings-store';

/** `webhooks.create` (a CreateWebhookRequest): a webhook in a scope, with a generated secret unless one is given. */
@Controller()
export class CreateWebhookHandler {
  private readonly logger = new Logger('WebhookSettings');

  constructor(
    private readonly webhooks: WebhookSettingsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @MessagePattern(RpcMethods.createWebhook)
  async handle(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const changes = await checkedWebhookChanges(field(payload, 'input'), 'create', this.config.webhookAllowPrivateUrls);
    const settings = { url: changes.url!, events: changes.events!, active: changes.active!, secret: changes.secret ?? generateWebhookSecret() };
    // Each webhook keeps a copy of every envelope sent to it: a scope holds a bounded number of them.
    const created = await this.webhooks.insert(owner, settings, this.config.webhooksMaxPerWorkspace).catch((error: unknown) => {
      if (!(error instanceof WebhookLimitReached)) throw error;
      const message = owner === null ? WebhookMessages.systemFull(error.atMost) : WebhookMessages.workspaceFull(error.atMost);
      throw new ServiceError('validation', Messages.validation, { url: [message] });
    });
    this.logger.log(`Webhook ${created.id} created for ${describeScope(owner)}: ${describeWebhook(created)}`);
    return created;
  }
}
