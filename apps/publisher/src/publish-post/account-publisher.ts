import { Inject, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AccountSnapshot, PostVersion, versionFor } from '@app/domain';
import { AccountStore, ConnectedAccount } from '../accounts/account-store';
import { LostAuthorizationReporter } from '../accounts/report-lost-authorization/lost-authorization.reporter';
import { ProviderRegistry } from '../providers/provider-registry';
import { PublishOutcome, PublishProvider, PublishRequest } from '../providers/publish-provider';
import { PUBLISHER_OPTIONS, PublisherOptions } from '../publisher-options';
import { AttemptJournal, AttemptKey } from './attempt-journal';
import { DeferredAttempt, DeferredAttempts } from './deferred-attempts';
import { failed, nextStep, PublishMessages, PublishResult } from './publish-result';
import { VersionMedia } from './version-media';

const labelOf = (key: AttemptKey): string => `post ${key.postUuid} to account ${key.accountId} (round ${key.round})`;

/** What a call to the provider needs, or why there can be none. */
type Preparation = { ok: true; provider: PublishProvider; request: PublishRequest; workspaceUuid: string } | { ok: false; result: PublishResult };
type Prepared = Extract<Preparation, { ok: true }>;

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
 * An attempt cut off by a crash is made again only through a provider whose `crashRecovery` keeps
 * it from posting twice (a platform idempotency key, or a lookup of what the first try posted);
 * otherwise it is reported failed as unknown, since the platform may have published it. A wait the
 * platform asks for that is longer than a consumer may hold its partition defers the attempt to
 * the DeferredAttemptsRunner, which makes it again when due.
 */
@Injectable()
export class AccountPublisher {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly journal: AttemptJournal,
    private readonly deferred: DeferredAttempts,
    private readonly accounts: AccountStore,
    private readonly providers: ProviderRegistry,
    private readonly lostAuthorization: LostAuthorizationReporter,
    private readonly versionMedia: VersionMedia,
    @Inject(PUBLISHER_OPTIONS) private readonly options: PublisherOptions,
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
    return this.run(key, account, versions, { interrupted: start.kind === 'interrupted', deferrals: 0 });
  }

  /** Makes a deferred attempt again, once due; null when the platform asks to wait again. */
  async resume(attempt: DeferredAttempt): Promise<PublishResult | null> {
    const start = await this.journal.begin(attempt.key, this.options.attemptLeaseMs);
    // Finished before a crash kept its result from being sent: the runner sends it again.
    if (start.kind === 'finished') return start.result;
    if (start.kind === 'in_progress') throw new AttemptInProgressError(attempt.key, start.until);
    return this.run(attempt.key, attempt.account, attempt.versions, { interrupted: attempt.interrupted, deferrals: attempt.deferrals });
  }

  private async run(key: AttemptKey, account: AccountSnapshot, versions: readonly PostVersion[], state: { interrupted: boolean; deferrals: number }): Promise<PublishResult | null> {
    const label = labelOf(key);
    await this.journal.hold(key, this.options.attemptLeaseMs);
    const prepared = await this.prepare(key, account, versions);
    let result: PublishResult | null;
    if (state.interrupted && (!prepared.ok || prepared.provider.crashRecovery === 'report_unknown')) {
      this.logger.warn(`Attempt of ${label} was cut off before its outcome was stored; reporting it failed as unknown`);
      result = failed(PublishMessages.unknownOutcome);
    } else {
      if (state.interrupted && prepared.ok) {
        this.logger.warn(`Attempt of ${label} was cut off before its outcome was stored; ${prepared.provider.name} resolves it (${prepared.provider.crashRecovery}), so it is made again`);
      }
      result = prepared.ok ? await this.attempt(key, prepared, account, versions, state.deferrals) : prepared.result;
      if (result === null) return null;
    }
    const stored = await this.journal.finish(key, result);
    if (stored === result) {
      const detail = result.outcome === 'published' ? `published at ${result.externalUrl ?? '(no url)'}` : `failed: ${result.errors.join('; ')}`;
      this.logger.log(`Publish of ${label} ${detail}`);
    } else {
      this.logger.warn(`Attempt of ${label} was reported ${stored.outcome} meanwhile; this call returned ${result.outcome} ${result.externalUrl ?? ''}`);
    }
    return stored;
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
    const request: PublishRequest = {
      idempotencyKey: `${key.postUuid}:${key.accountId}`,
      firstAttemptAt: (await this.journal.firstStartedAt(key.postUuid, key.accountId)) ?? new Date(),
      account,
      connection: {
        accountId: key.accountId,
        settings: connected.settings,
        credentials: connected.credentials,
        session: this.accounts.sessionOf(key.accountId),
      },
      version,
      media: [],
    };
    return { ok: true, provider, request, workspaceUuid: connected.workspaceUuid };
  }

  /**
   * Calls the provider, waiting in place for short waits; a wait longer than `maxRetryDelayMs`
   * defers the attempt (null) until the platform's time, at most `maxDeferrals` times.
   */
  private async attempt(
    key: AttemptKey,
    { provider, request, workspaceUuid }: Prepared,
    account: AccountSnapshot,
    versions: readonly PostVersion[],
    deferrals: number,
  ): Promise<PublishResult | null> {
    for (let retries = 0; ; retries++) {
      // The media are read on every try: a store that did not answer is tried again like a platform.
      const outcome = await this.call(provider, async () => {
        const media = await this.versionMedia.read(request.version);
        return 'kind' in media ? media : provider.publish({ ...request, media });
      });
      if (outcome.kind === 'reauthorize') {
        await this.lostAuthorization.report({ accountId: key.accountId, workspaceUuid, provider: provider.name, reason: outcome.message });
      }
      if (outcome.kind === 'retry_later' && outcome.retryAfterMs > this.options.maxRetryDelayMs) {
        if (deferrals >= this.options.maxDeferrals) return failed(PublishMessages.gaveUp(outcome.message, retries + deferrals + 1));
        await this.deferred.defer(key, account, versions, new Date(Date.now() + outcome.retryAfterMs), deferrals + 1);
        await this.journal.release(key);
        this.logger.warn(`${provider.name} asked to wait ${outcome.retryAfterMs} ms before publishing ${labelOf(key)} again (${outcome.message}); deferred`);
        return null;
      }
      const step = nextStep(outcome, retries, this.options);
      if (step.kind === 'report') return step.result;
      const reason = outcome.kind === 'retry_later' ? outcome.message : '';
      this.logger.warn(`${provider.name} asked to retry publishing post ${key.postUuid} to account ${key.accountId} in ${step.delayMs} ms: ${reason}`);
      await sleep(step.delayMs);
    }
  }

  /** A provider that throws instead of answering an outcome has failed this publish. */
  private async call(provider: PublishProvider, publish: () => Promise<PublishOutcome>): Promise<PublishOutcome> {
    try {
      return await publish();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { kind: 'unknown', message: PublishMessages.providerCrashed(provider.name, detail) };
    }
  }
}
