import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Messages, RpcMethods, SECRET_GRACE_SECONDS, ServiceError, WebhookView } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { DeliveryWorker } from '../deliver-webhooks/delivery-worker';
import { findNonPublicAddress, hostOf } from '@app/network';
import { generateWebhookSecret } from '../signing/webhook-secret';
import { describeScope, field, scopeOwner, webhookIdOf } from '../webhook-scope';
import { checkWebhookInput, WebhookChanges, WebhookMessages } from './webhook-input';
import { SecretShown, WebhookLimitReached, WebhookSettingsRepository } from './webhook-settings.repository';

/** Webhook settings over RPC: list, get, create, update, delete, each within one scope. */
@Injectable()
export class ManageWebhooksHandler {
  private readonly logger = new Logger('WebhookSettings');

  constructor(
    private readonly webhooks: WebhookSettingsRepository,
    private readonly worker: DeliveryWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @HandlesRpc(RpcMethods.listWebhooks)
  listWebhooks(payload: unknown) {
    return this.webhooks.list(scopeOwner(payload), secretShownTo(payload));
  }

  /** A new generated secret; the old one keeps signing for the grace period (the gateway checked its range). */
  @HandlesRpc(RpcMethods.rotateWebhookSecret)
  async rotateSecret(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    const grace = field(payload, 'graceSeconds');
    if (typeof grace !== 'number' || !Number.isInteger(grace) || grace < 0 || grace > SECRET_GRACE_SECONDS.max) {
      throw new ServiceError('validation', Messages.validation, { grace_seconds: [WebhookMessages.graceInvalid] });
    }
    const rotated = (id !== null ? await this.webhooks.rotateSecret(owner, id, generateWebhookSecret(), grace) : null) ?? notFound();
    this.logger.log(`Webhook ${id} of ${describeScope(owner)}: secret rotated, the previous one signs for ${grace} s more`);
    return rotated;
  }

  @HandlesRpc(RpcMethods.getWebhook)
  async get(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    return (id !== null ? await this.webhooks.find(owner, id, secretShownTo(payload)) : null) ?? notFound();
  }

  @HandlesRpc(RpcMethods.createWebhook)
  async create(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const changes = await this.checked(field(payload, 'input'), 'create');
    const settings = { url: changes.url!, events: changes.events!, active: changes.active!, secret: changes.secret ?? generateWebhookSecret() };
    // Each webhook keeps a copy of every envelope sent to it: a scope holds a bounded number of them.
    const created = await this.webhooks.insert(owner, settings, this.config.webhooksMaxPerWorkspace).catch((error: unknown) => {
      if (!(error instanceof WebhookLimitReached)) throw error;
      const message = owner === null ? WebhookMessages.systemFull(error.atMost) : WebhookMessages.workspaceFull(error.atMost);
      throw new ServiceError('validation', Messages.validation, { url: [message] });
    });
    this.logger.log(`Webhook ${created.id} created for ${describeScope(owner)}: ${this.describe(created)}`);
    return created;
  }

  @HandlesRpc(RpcMethods.updateWebhook)
  async update(payload: unknown): Promise<WebhookView> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    if (id === null || !(await this.webhooks.exists(owner, id))) notFound();
    const changes = await this.checked(field(payload, 'input'), 'update');
    const updated = (await this.webhooks.update(owner, id, changes)) ?? notFound();
    this.logger.log(`Webhook ${id} of ${describeScope(owner)} updated: ${this.describe(updated)}`);
    // Deliveries held while the webhook was inactive are due now.
    if (changes.active === true) this.worker.wake();
    return updated;
  }

  @HandlesRpc(RpcMethods.deleteWebhook)
  async delete(payload: unknown): Promise<null> {
    const owner = scopeOwner(payload);
    const id = webhookIdOf(payload);
    if (id === null || !(await this.webhooks.delete(owner, id))) notFound();
    this.logger.log(`Webhook ${id} of ${describeScope(owner)} deleted`);
    return null;
  }

  /** Shape first, then (when the URL is well formed) where its host resolves. */
  private async checked(input: unknown, mode: 'create' | 'update'): Promise<WebhookChanges> {
    const { changes, errors } = checkWebhookInput(input, mode);
    if (changes.url !== undefined && !this.config.webhookAllowPrivateUrls) {
      const refusal = await this.refusalOf(new URL(changes.url));
      if (refusal) errors.url = [refusal];
    }
    if (Object.keys(errors).length > 0) throw new ServiceError('validation', Messages.validation, errors);
    return changes;
  }

  private async refusalOf(url: URL): Promise<string | null> {
    try {
      const refused = await findNonPublicAddress(hostOf(url));
      if (!refused) return null;
      this.logger.warn(`Refused a webhook URL: ${refused.message}`);
      return WebhookMessages.urlNotPublic;
    } catch {
      return WebhookMessages.urlUnresolvable;
    }
  }

  /** Never the URL's path or query: a receiver may keep a secret there. Never the signing secret. */
  private describe(webhook: WebhookView): string {
    const events = webhook.events.join(', ');
    return `${new URL(webhook.url).origin}, events ${events}, ${webhook.active ? 'active' : 'inactive'}`;
  }
}

/** Only a caller that says it may see the secret gets it. */
const secretShownTo = (payload: unknown): SecretShown => (field(payload, 'showSecret') === true ? 'shown' : 'hidden');

function notFound(): never {
  throw new ServiceError('not_found', WebhookMessages.notFound);
}
