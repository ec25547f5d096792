import { BeforeApplicationShutdown, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DATABASE, schemaMigrationsAtStart, SqlDatabase } from '@app/persistence';
import { DeliveryQueueStore } from './deliver-webhooks/delivery-queue-store';
import { DeliveryWorker } from './deliver-webhooks/delivery-worker';
import { WebhookHealthStore } from './deliver-webhooks/webhook-health-store';
import { WebhookSender } from './deliver-webhooks/webhook-sender';
import { DeliveryBacklogHandler } from './delivery-backlog/delivery-backlog.handler';
import { DeliveryBacklogStore } from './delivery-backlog/delivery-backlog-store';
import { DeliveryLogStore } from './delivery-log/delivery-log-store';
import { ListDeliveriesHandler } from './delivery-log/list-deliveries/list-deliveries.handler';
import { RecoverDeliveriesHandler } from './delivery-log/recover-deliveries/recover-deliveries.handler';
import { ResendDeliveryHandler } from './delivery-log/resend-delivery/resend-delivery.handler';
import { CreateWebhookHandler } from './manage-webhooks/create-webhook/create-webhook.handler';
import { DeleteWebhookHandler } from './manage-webhooks/delete-webhook/delete-webhook.handler';
import { GetWebhookHandler } from './manage-webhooks/get-webhook/get-webhook.handler';
import { ListWebhooksHandler } from './manage-webhooks/list-webhooks/list-webhooks.handler';
import { RotateWebhookSecretHandler } from './manage-webhooks/rotate-webhook-secret/rotate-webhook-secret.handler';
import { UpdateWebhookHandler } from './manage-webhooks/update-webhook/update-webhook.handler';
import { WebhookActivityStore } from './manage-webhooks/webhook-activity-store';
import { WebhookSettingsStore } from './manage-webhooks/webhook-settings-store';
import { AccountEventDeliveriesConsumer } from './queue-deliveries/account-event-deliveries.consumer';
import { EventDeliveriesConsumer } from './queue-deliveries/event-deliveries.consumer';
import { EventDeliveries } from './queue-deliveries/event-deliveries';
import { DeliveryRetention } from './retention/delivery-retention';
import { TestWebhookHandler } from './test-webhook/test-webhook.handler';
import { WEBHOOKS_DATABASE, WEBHOOKS_SCHEMA, webhooksMigrations } from './webhooks-schema';

/**
 * Webhook settings, deliveries and their attempts log (schema `webhooks`). Reads `post-events` and `account-events`,
 * sends signed HTTP POSTs to customer URLs with retries, answers the settings and log over RPC.
 * Infrastructure (DATABASE, MESSAGE_BUS, RPC_SERVER, APP_CONFIG, SECRET_BOX) comes from a global module.
 */
@Module({
  controllers: [RotateWebhookSecretHandler, CreateWebhookHandler, GetWebhookHandler, ListWebhooksHandler, DeleteWebhookHandler, UpdateWebhookHandler, ListDeliveriesHandler, RecoverDeliveriesHandler, ResendDeliveryHandler, AccountEventDeliveriesConsumer, EventDeliveriesConsumer, DeliveryBacklogHandler, TestWebhookHandler],
  providers: [
    { provide: WEBHOOKS_DATABASE, inject: [DATABASE], useFactory: (database: SqlDatabase) => database.forSchema(WEBHOOKS_SCHEMA) },
    schemaMigrationsAtStart(WEBHOOKS_DATABASE, webhooksMigrations),
    WebhookActivityStore,
    WebhookSettingsStore,
    EventDeliveries,
    DeliveryQueueStore,
    WebhookHealthStore,
    WebhookSender,
    DeliveryWorker,
    DeliveryLogStore,
    DeliveryBacklogStore,
    DeliveryRetention,
  ],
})
export class WebhookDispatcherModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookDispatcher');

  constructor(private readonly worker: DeliveryWorker) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.worker.start();
    this.logger.debug('Webhook dispatcher started');
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.stop();
    this.logger.debug('Webhook dispatcher stopped');
  }
}
