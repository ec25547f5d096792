import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { derivedUuid, Headers, RecordMetricsMessage, Topics } from '@app/contracts';
import { postMetricsOf } from '@app/domain';
import { errorMessage } from '@app/errors';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { LoopTurn, WakeUpLoop } from '@app/persistence';
import { READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { AccountCredentialStore } from '../accounts/account-credential-store';
import { LostAuthorizationReporter } from '../accounts/report-lost-authorization/lost-authorization.reporter';
import { ProviderRegistry } from '../providers/provider-registry';
import { MetricsOutcome } from '../providers/publish-provider';
import { CollectionSchedule, Reading } from './collection-schedule';
import { DueCollection, MetricCollections } from './metric-collections';

/** Collections read per round. */
const BATCH_SIZE = 20;
/** How long a collector holds a collection while it asks the platform. */
const LEASE_MS = 60_000;
/** Longest sleep between two looks for collections other replicas planned. */
const IDLE_RECHECK_MS = 60_000;
/** Passing failures in a row (a 429, an outage) after which a point is given up; the next one is read when it comes. */
const MAX_FAILURES = 5;
/** Longest wait before a reading refused for a while is tried again. */
const MAX_RETRY_WAIT_MS = 3_600_000;

/**
 * Reads the figures of published posts when a point of ANALYTICS_SCHEDULE comes, or a refresh is
 * asked for, by the provider that holds the account's credentials, and sends them to the post's
 * history (`RecordMetrics` on `post-commands`, one command id per point): a crash between the
 * reading and its record reads the point again and records it once. A platform's 429 or outage only
 * postpones the reading; publishing never waits for it (its own loop, its own lease).
 */
@Injectable()
export class MetricsCollector implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Analytics');
  private readonly wakeUp: WakeUpLoop;

  constructor(
    private readonly collections: MetricCollections,
    private readonly accounts: AccountCredentialStore,
    private readonly providers: ProviderRegistry,
    private readonly lostAuthorization: LostAuthorizationReporter,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly schedule: CollectionSchedule,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
  ) {
    this.wakeUp = new WakeUpLoop({ name: 'analytics collection', idleRecheckMs: IDLE_RECHECK_MS, failurePauseMs: 5_000, logger: this.logger }, (turn) => this.collectDue(turn));
  }

  onApplicationBootstrap(): void {
    this.wakeUp.start(this.readiness);
  }

  onModuleDestroy(): Promise<void> {
    return this.wakeUp.stop();
  }

  /** Something became due now (a refresh asked for): look at once. */
  wake(): void {
    this.wakeUp.wake();
  }

  private async collectDue(turn: LoopTurn): Promise<number | null> {
    const due = await this.collections.claimDue(LEASE_MS, BATCH_SIZE);
    for (const collection of due) {
      if (turn.stopping) break;
      turn.progressed(LEASE_MS);
      await this.collect(collection);
    }
    return this.collections.msUntilNextDue();
  }

  private async collect(collection: DueCollection): Promise<void> {
    const reading = this.schedule.readingAt(new Date(), collection.publishedAt, collection.nextPoint, collection.refreshPoint);
    const outcome = await this.read(collection);
    if (outcome === null) return this.collections.end(collection);
    const label = `post ${collection.postUuid} on account ${collection.account.id} at ${reading.point}`;
    if (outcome.kind === 'read') {
      await this.send(collection, reading, outcome.metrics);
      return this.collections.advance(collection, reading.nextPoint, reading.nextDueAt);
    }
    if (outcome.kind === 'retry_later' && collection.failures + 1 < MAX_FAILURES) {
      const waitMs = Math.min(Math.max(outcome.retryAfterMs, 1_000), MAX_RETRY_WAIT_MS);
      this.logger.warn(`Figures of ${label} not read (${outcome.message}); trying again in ${Math.round(waitMs / 1000)} s`);
      return this.collections.postpone(collection, waitMs);
    }
    if (outcome.kind === 'reauthorize') {
      await this.lostAuthorization.report({ accountId: collection.account.id, workspaceUuid: collection.workspaceUuid, provider: collection.account.provider, reason: outcome.message });
    }
    this.logger.warn(`Figures of ${label} given up: ${outcome.message}`);
    return this.collections.advance(collection, reading.nextPoint, reading.nextDueAt);
  }

  /** The platform's answer; null when there is nothing to read any more (the account removed, a platform without figures). */
  private async read(collection: DueCollection): Promise<MetricsOutcome | null> {
    const provider = this.providers.find(collection.account.provider);
    if (!provider?.readMetrics) return null;
    let connected;
    try {
      connected = await this.accounts.find(collection.account.id);
    } catch (error) {
      return { kind: 'retry_later', message: `The account's credentials cannot be read: ${errorMessage(error)}`, retryAfterMs: MAX_RETRY_WAIT_MS };
    }
    if (!connected) return null;
    const connection = { accountId: connected.accountId, settings: connected.settings, credentials: connected.credentials, session: this.accounts.sessionOf(connected.accountId) };
    try {
      return await provider.readMetrics({ account: collection.account, connection, published: { externalId: collection.externalId, externalUrl: collection.externalUrl, reference: null } });
    } catch (error) {
      return { kind: 'retry_later', message: errorMessage(error), retryAfterMs: 60_000 };
    }
  }

  private async send(collection: DueCollection, reading: Reading, metrics: Record<string, number>): Promise<void> {
    const { postUuid, account } = collection;
    const command: RecordMetricsMessage = {
      commandId: derivedUuid('metrics', postUuid, String(account.id), reading.point),
      type: 'RecordMetrics',
      postUuid,
      accountId: account.id,
      point: reading.point,
      metrics: postMetricsOf(metrics),
      collectedAt: new Date().toISOString(),
      sentAt: new Date().toISOString(),
    };
    await this.bus.publish(Topics.postCommands, [{ key: postUuid, value: command, headers: { [Headers.messageId]: command.commandId } }]);
  }
}
