import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { oauthAppFor } from '@app/platforms';
import { DATABASE, schemaMigrationsAtStart, SqlDatabase } from '@app/persistence';
import { AccountCredentialStore } from './accounts/account-credential-store';
import { ConnectAccountHandler } from './accounts/connect-account/connect-account.handler';
import { DisconnectAccountHandler } from './accounts/disconnect-account/disconnect-account.handler';
import { AccountConnectedConsumer } from './accounts/warn-token-expiry/account-connected.consumer';
import { TokenExpiryWarnings } from './accounts/warn-token-expiry/token-expiry-warnings';
import { LostAuthorizationReporter } from './accounts/report-lost-authorization/lost-authorization.reporter';
import { ProviderHttp } from './providers/http/provider-http';
import { builtInProviders } from './providers/built-in-providers';
import { ProviderRegistry } from './providers/provider-registry';
import { PUBLISH_PROVIDERS } from './providers/publish-provider';
import { CollectionPlanner } from './collect-metrics/collection-planner';
import { CollectionSchedule } from './collect-metrics/collection-schedule';
import { MetricCollections } from './collect-metrics/metric-collections';
import { MetricsCollector } from './collect-metrics/metrics-collector';
import { RefreshMetricsHandler } from './collect-metrics/refresh-metrics.handler';
import { AccountPublisher } from './publish-post/account-publisher';
import { AttemptJournal } from './publish-post/attempt-journal';
import { ContentItemsPublisher } from './publish-post/content-items-publisher';
import { DeferredAttempts } from './publish-post/deferred-attempts';
import { DeferredAttemptsRunner } from './publish-post/deferred-attempts.runner';
import { ItemJournal } from './publish-post/item-journal';
import { ItemProgressJournal } from './publish-post/item-progress-journal';
import { PostPublishingConsumer } from './publish-post/post-publishing.consumer';
import { VersionMedia } from './publish-post/version-media';
import { PUBLISHER_DATABASE, PUBLISHER_SCHEMA, publisherMigrations } from './publisher-migrations';
import { defaultPublisherOptions, PUBLISHER_OPTIONS } from './publisher-options';
import { AttemptRetention } from './retention/attempt-retention';

/** How long a platform has to answer one request. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Provider adapters, account credentials (encrypted) and publish attempts (schema `publisher`):
 * answers account RPCs and publishes posts when `post-events` says publishing started; announces
 * tokens that cannot be refreshed before they expire.
 */
@Module({
  controllers: [PostPublishingConsumer, RefreshMetricsHandler, ConnectAccountHandler, AccountConnectedConsumer, DisconnectAccountHandler],
  providers: [
    {
      provide: PUBLISH_PROVIDERS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const http = new ProviderHttp({ allowPrivateUrls: config.providerAllowPrivateUrls, timeoutMs: PROVIDER_TIMEOUT_MS });
        // Platforms that publish asynchronously poll their processing this often, within PROVIDER_PROCESSING_TIMEOUT_MS.
        const processing = { timeoutMs: config.providerProcessingTimeoutMs, intervalMs: 5_000 };
        return builtInProviders({ http, oauthApp: (provider) => oauthAppFor(provider, config.oauth), processing });
      },
    },
    { provide: PUBLISHER_OPTIONS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => ({ ...defaultPublisherOptions, attemptLeaseMs: config.publishAttemptLeaseMs }) },
    { provide: PUBLISHER_DATABASE, inject: [DATABASE], useFactory: (database: SqlDatabase) => database.forSchema(PUBLISHER_SCHEMA) },
    schemaMigrationsAtStart(PUBLISHER_DATABASE, publisherMigrations),
    ProviderRegistry,
    AccountCredentialStore,
    LostAuthorizationReporter,
    AttemptJournal,
    ItemJournal,
    ItemProgressJournal,
    VersionMedia,
    DeferredAttempts,
    ContentItemsPublisher,
    AccountPublisher,
    DeferredAttemptsRunner,
    AttemptRetention,
    TokenExpiryWarnings,
    { provide: CollectionSchedule, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new CollectionSchedule(config.analyticsScheduleMinutes) },
    MetricCollections,
    MetricsCollector,
    CollectionPlanner,
  ],
})
export class PublisherModule {}
