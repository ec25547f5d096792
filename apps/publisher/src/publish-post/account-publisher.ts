import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccountSnapshot, PostVersion, versionFor } from '@app/domain';
import { CollectionPlanner } from '../collect-metrics/collection-planner';
import { AccountCredentialStore, ConnectedAccount } from '../accounts/account-credential-store';
import { ProviderRegistry } from '../providers/provider-registry';
import { PUBLISHER_OPTIONS, PublisherOptions } from '../publisher-options';
import { AttemptJournal, AttemptKey } from './attempt-journal';
import { AttemptContext, ContentItemsPublisher, labelOf, PreparedAccount } from './content-items-publisher';
import { DeferredAttempt, DeferredAttempts } from './deferred-attempts';
import { ItemJournal } from './item-journal';
import { failed, PublishMessages, PublishResult } from './publish-result';

/** What a call to the provider needs, or why there can be none. */
type Preparation = { ok: true; account: PreparedAccount } | { ok: false; result: PublishResult };

/** Another consumer is calling the provider for this attempt now: try again once it is done (or its hold ran out). */
export class AttemptInProgressError extends Error {
  constructor(key: AttemptKey, until: Date) {
    super(`Publish of post ${key.postUuid} to account ${key.accountId} (round ${key.round}) is being made by another consumer until ${until.toISOString()} at the latest`);
    this.name = 'AttemptInProgressError';
  }
}

/**
 * Publishes a post to one account at most once: the attempt is journaled before the provider is
 * called, and a journaled attempt is never called again. Its stored result is returned instead.
 * The version's content items are published in order, each one step of the journal
 * (ContentItemsPublisher): an attempt cut off by a crash goes on with the item after the last one
 * published, and the item cut off mid-call is made again only through a provider whose
 * `crashRecovery` keeps it from posting twice (a platform idempotency key, or a lookup of what the
 * first try posted); otherwise it is reported failed as unknown, since the platform may have
 * published it. A wait the platform asks for that is longer than a consumer may hold its partition
 * defers the attempt to the DeferredAttemptsRunner, which makes it again when due.
 */
@Injectable()
export class AccountPublisher {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly journal: AttemptJournal,
    private readonly steps: ItemJournal,
    private readonly deferred: DeferredAttempts,
    private readonly accounts: AccountCredentialStore,
    private readonly providers: ProviderRegistry,
    private readonly contentItems: ContentItemsPublisher,
    @Inject(PUBLISHER_OPTIONS) private readonly options: PublisherOptions,
    private readonly collections: CollectionPlanner,
  ) {}

  /** The result of the attempt, or null when the platform asked to wait longer than a partition may be held (deferred). */
  async publish(key: AttemptKey, account: AccountSnapshot, versions: readonly PostVersion[]): Promise<PublishResult | null> {
    const start = await this.journal.begin(key, this.options.attemptLeaseMs);
    if (start.kind === 'in_progress') throw new AttemptInProgressError(key, start.until);
    if (start.kind === 'finished') {
      this.logger.log(`Already attempted ${labelOf(key)}: ${start.result.outcome}; reporting it again`);
      return start.result;
    }
    if (start.kind === 'interrupted' && (await this.deferred.has(key))) {
      this.logger.log(`Attempt of ${labelOf(key)} is deferred until the platform's wait is over; it is resumed then`);
      return null;
    }
    if (start.kind === 'interrupted') this.logger.warn(`Attempt of ${labelOf(key)} was cut off before its outcome was stored; it goes on where it stopped`);
    return this.run(key, { account, versions, deferrals: 0 }, start.kind === 'new');
  }

  /** Makes a deferred attempt again, once due; null when the platform asks to wait again. */
  async resume(attempt: DeferredAttempt): Promise<PublishResult | null> {
    const start = await this.journal.begin(attempt.key, this.options.attemptLeaseMs);
    // Finished before a crash kept its result from being sent: the runner sends it again.
    if (start.kind === 'finished') return start.result;
    if (start.kind === 'in_progress') throw new AttemptInProgressError(attempt.key, start.until);
    if (attempt.interrupted) this.logger.warn(`Deferred attempt of ${labelOf(attempt.key)} was cut off mid-call; it goes on where it stopped`);
    return this.run(attempt.key, { account: attempt.account, versions: attempt.versions, deferrals: attempt.deferrals }, start.kind === 'new');
  }

  /** `held`: the attempt was journaled just now, with its hold; one taken over is held first. */
  private async run(key: AttemptKey, context: AttemptContext, held: boolean): Promise<PublishResult | null> {
    const label = labelOf(key);
    if (!held) await this.journal.hold(key, this.options.attemptLeaseMs);
    const prepared = await this.prepare(key, context.account, context.versions);
    const result = prepared.ok ? await this.contentItems.publish(key, prepared.account, context, held) : await this.withoutProvider(key, prepared.result);
    if (result === null) return null;
    const stored = await this.journal.finish(key, result, async (tx) => {
      await this.steps.forget(key, tx);
      // Published: its figures are collected from now, planned with the result that says so.
      if (prepared.ok && result.outcome === 'published' && result.externalId !== null) {
        const { provider, workspaceUuid } = prepared.account;
        const planned = { postUuid: key.postUuid, workspaceUuid, account: context.account, provider, externalId: result.externalId, externalUrl: result.externalUrl, publishedAt: new Date() };
        await this.collections.published(planned, tx);
      }
    });
    if (stored === result) {
      const detail = result.outcome === 'published' ? `published at ${result.externalUrl ?? '(no url)'}` : `failed: ${result.errors.join('; ')}`;
      this.logger.log(`Publish of ${label} ${detail}`);
    } else {
      this.logger.warn(`Attempt of ${label} was reported ${stored.outcome} meanwhile; this call returned ${result.outcome} ${result.externalUrl ?? ''}`);
    }
    return stored;
  }

  /**
   * The provider cannot be called now (the account is gone, its settings unreadable): the attempt
   * fails with why, keeping the items published before; an item cut off mid-call makes it unknown.
   */
  private async withoutProvider(key: AttemptKey, result: PublishResult): Promise<PublishResult> {
    const steps = await this.steps.stepsOf(key);
    const items = Array.from({ length: Math.max(0, ...steps.map((step) => step.index + 1)) }, (_item, index) => {
      const step = steps.find((candidate) => candidate.index === index);
      return step?.state === 'published' ? step.item : null;
    });
    if (steps.some((step) => step.state === 'sending')) {
      this.logger.warn(`Attempt of ${labelOf(key)} was cut off before its outcome was stored; reporting it failed as unknown`);
      return failed(PublishMessages.unknownOutcome, items);
    }
    return failed(result.errors[0], items);
  }

  private async prepare(key: AttemptKey, account: AccountSnapshot, versions: readonly PostVersion[]): Promise<Preparation> {
    let connected: ConnectedAccount | null;
    try {
      connected = await this.accounts.find(key.accountId);
    } catch {
      return { ok: false, result: failed(PublishMessages.unreadableSecrets) };
    }
    if (!connected) return { ok: false, result: failed(PublishMessages.notConnected) };
    const provider = this.providers.find(connected.provider);
    if (!provider) return { ok: false, result: failed(PublishMessages.unknownProvider(connected.provider)) };
    const version = versionFor(key.accountId, versions);
    if (!version) return { ok: false, result: failed(PublishMessages.noVersion) };
    const request = {
      idempotencyKey: `${key.postUuid}:${key.accountId}`,
      firstAttemptAt: (await this.journal.firstStartedAt(key.postUuid, key.accountId)) ?? new Date(),
      account,
      connection: {
        accountId: key.accountId,
        settings: connected.settings,
        credentials: connected.credentials,
        session: this.accounts.sessionOf(key.accountId),
      },
    };
    return { ok: true, account: { provider, request, version, workspaceUuid: connected.workspaceUuid } };
  }
}
