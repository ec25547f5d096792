import { Inject, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AccountSnapshot, contentItemsFault, PostVersion } from '@app/domain';
import { traceToStore } from '@app/messaging';
import { platformOf } from '@app/platforms';
import { LostAuthorizationReporter } from '../accounts/report-lost-authorization/lost-authorization.reporter';
import { ItemOnPlatform, PublishOutcome, PublishProvider, PublishRequest } from '../providers/publish-provider';
import { PUBLISHER_OPTIONS, PublisherOptions } from '../publisher-options';
import { AttemptJournal, AttemptKey } from './attempt-journal';
import { DeferredAttempts } from './deferred-attempts';
import { ItemJournal, ItemStep } from './item-journal';
import { ItemProgressJournal } from './item-progress-journal';
import { PublishingAttempts } from './publishing-attempts.metric';
import { failed, ItemResult, nextStep, PublishMessages, PublishResult, published } from './publish-result';
import { MediaReadFailure, VersionMedia } from './version-media';
import { webAddressOf } from './web-address';
import { errorMessage } from '@app/errors';

export const labelOf = (key: AttemptKey): string => `post ${key.postUuid} to account ${key.accountId} (round ${key.round})`;

/** An account ready to be published to: its provider, the version it publishes, and what every item's request shares. */
export interface PreparedAccount {
  provider: PublishProvider;
  workspaceUuid: string;
  version: PostVersion;
  /** `idempotencyKey` is the post's on the account (`<post uuid>:<account id>`); each item's is derived from it. */
  request: Pick<PublishRequest, 'idempotencyKey' | 'firstAttemptAt' | 'account' | 'connection'>;
}

/** What a deferral stores to make the attempt again: the account and versions PublishingStarted gave, and the deferrals so far. */
export interface AttemptContext {
  account: AccountSnapshot;
  versions: readonly PostVersion[];
  deferrals: number;
}

/** The idempotency key of a content item: the post's on the account for the first, with the item's index for a later one. */
const itemIdempotencyKey = (postKey: string, index: number): string => (index === 0 ? postKey : `${postKey}:${index}`);

/** Why a provider cannot publish this many content items (its platform's rule, as validation applies it), or null. */
function refusedItemCount(provider: PublishProvider, count: number): string | null {
  const platform = platformOf(provider.name);
  return platform ? contentItemsFault(platform.contentItems, provider.name, count) : null;
}

const onPlatformIn = (steps: readonly ItemStep[], index: number): ItemOnPlatform | null => {
  const step = steps.find((candidate) => candidate.index === index);
  return step?.state === 'published' ? step.item : null;
};

/**
 * Publishes the content items of a version to one account, in order, each one step of the attempt
 * journal: journaled `sending` before its call, `published` with its id once the platform took it.
 * Every item after the first follows the ones before it (a reply, a first comment), so an attempt
 * made again (a crash, a deferral) skips the items already published and goes on with the next,
 * after the last one published. An item a crash cut off mid-call is made again only through a
 * provider whose crash recovery keeps it from posting twice; otherwise the account fails as unknown.
 */
@Injectable()
export class ContentItemsPublisher {
  private readonly logger = new Logger('Publisher');
  private readonly attempts = new PublishingAttempts();

  constructor(
    private readonly journal: AttemptJournal,
    private readonly steps: ItemJournal,
    private readonly progress: ItemProgressJournal,
    private readonly deferred: DeferredAttempts,
    private readonly lostAuthorization: LostAuthorizationReporter,
    private readonly versionMedia: VersionMedia,
    @Inject(PUBLISHER_OPTIONS) private readonly options: PublisherOptions,
  ) {}

  /**
   * The result of the attempt, or null when the platform asked to wait longer than a partition may be held (deferred).
   * `justBegun`: the caller journaled the attempt a moment ago, with its hold: no item of it is sent yet.
   */
  async publish(key: AttemptKey, prepared: PreparedAccount, context: AttemptContext, justBegun = false): Promise<PublishResult | null> {
    const { provider, version } = prepared;
    if (version.content.length === 0) return failed(PublishMessages.noContent);
    const refusal = refusedItemCount(provider, version.content.length);
    if (refusal) return failed(refusal);
    const steps = justBegun ? [] : await this.steps.stepsOf(key);
    let held = justBegun;
    const onPlatform = version.content.map((_item, index) => onPlatformIn(steps, index));
    for (let index = 0; index < version.content.length; index++) {
      if (onPlatform[index]) continue;
      if (steps.some((step) => step.index === index && step.state === 'sending')) {
        const recovery = (index > 0 && provider.followUpCrashRecovery) || provider.crashRecovery;
        if (recovery === 'report_unknown') {
          this.attempts.count(provider.name, 'unknown');
          this.logger.warn(`Content item ${index + 1} of ${labelOf(key)} was cut off before its outcome was stored; reporting it failed as unknown`);
          return failed(index === 0 ? PublishMessages.unknownOutcome : PublishMessages.unknownItemOutcome(index + 1), onPlatform);
        }
        this.logger.warn(`Content item ${index + 1} of ${labelOf(key)} was cut off before its outcome was stored; ${provider.name} resolves it (${recovery}), so it is made again`);
      }
      const followUp = index === 0 ? null : { index, root: onPlatform[0]!, parent: onPlatform[index - 1]! };
      const request: PublishRequest = { ...prepared.request, idempotencyKey: itemIdempotencyKey(prepared.request.idempotencyKey, index), item: version.content[index], followUp, media: [], options: version.options, progress: this.progress.of(key, index) };
      const result = await this.attempt(key, index, prepared, request, context, held);
      held = false;
      if (result === null) return null;
      if (result.kind === 'failed') return failed(result.message, onPlatform);
      onPlatform[index] = result.item;
    }
    return published(onPlatform as ItemOnPlatform[]);
  }

  /**
   * Calls the provider for one item, waiting in place for short waits; a wait longer than
   * `maxRetryDelayMs` defers the attempt (null) until the platform's time, at most `maxDeferrals` times.
   */
  private async attempt(key: AttemptKey, index: number, prepared: PreparedAccount, request: PublishRequest, context: AttemptContext, held: boolean): Promise<ItemResult | null> {
    const { provider, workspaceUuid } = prepared;
    for (let retries = 0; ; retries++) {
      // Held for the first try when the attempt was begun a moment ago; every later try holds it anew.
      if (!held || retries > 0) await this.journal.hold(key, this.options.attemptLeaseMs);
      await this.steps.sending(key, index);
      // The media are read on every try: a store that did not answer is tried again like a platform.
      const outcome = this.withWebAddressOnly(
        key,
        provider,
        await this.holdingAttempt(key, () =>
          this.call(provider, async () => {
            const media = await this.versionMedia.read(request.item);
            return 'kind' in media ? media : provider.publish({ ...request, media });
          }),
        ),
      );
      this.attempts.count(provider.name, outcome.kind);
      const step = nextStep(outcome, retries, this.options);
      if (step.kind === 'report' && step.result.kind === 'published') {
        await this.steps.published(key, index, step.result.item);
        return step.result;
      }
      // Any answer but an unknown one says the item is not on the platform.
      if (outcome.kind !== 'unknown') await this.steps.notSent(key, index);
      if (outcome.kind === 'reauthorize') {
        await this.lostAuthorization.report({ accountId: key.accountId, workspaceUuid, provider: provider.name, reason: outcome.message });
      }
      if (outcome.kind === 'retry_later' && outcome.retryAfterMs > this.options.maxRetryDelayMs) {
        const { deferrals } = context;
        if (deferrals >= this.options.maxDeferrals) return { kind: 'failed', message: PublishMessages.gaveUp(outcome.message, retries + deferrals + 1) };
        await this.deferred.defer(key, context.account, context.versions, outcome.retryAfterMs, deferrals + 1, traceToStore());
        await this.journal.release(key);
        this.logger.warn(`${provider.name} asked to wait ${outcome.retryAfterMs} ms before publishing ${labelOf(key)} again (${outcome.message}); deferred`);
        return null;
      }
      if (step.kind === 'report') return step.result;
      const reason = outcome.kind === 'retry_later' ? outcome.message : '';
      this.logger.warn(`${provider.name} asked to retry publishing ${labelOf(key)} in ${step.delayMs} ms: ${reason}`);
      await sleep(step.delayMs);
    }
  }

  /**
   * Runs a provider's call while renewing this process's hold on the attempt (every third of the
   * lease): a platform that processes a video for minutes keeps the attempt this process's, and
   * only a process that died lets its hold run out for another replica to resume it.
   */
  private async holdingAttempt<T>(key: AttemptKey, call: () => Promise<T>): Promise<T> {
    const renew = setInterval(() => {
      this.journal.hold(key, this.options.attemptLeaseMs).catch((error: unknown) => {
        this.logger.warn(`The hold on ${labelOf(key)} could not be renewed: ${errorMessage(error)}`);
      });
    }, Math.max(50, Math.floor(this.options.attemptLeaseMs / 3)));
    // The renewals never keep a process alive that has nothing else to do.
    renew.unref();
    try {
      return await call();
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Where every address a platform gives for a post enters the service: one that is not a web
   * address (http, https) is dropped, with a warning that names its scheme, never the address.
   */
  private withWebAddressOnly(key: AttemptKey, provider: PublishProvider, outcome: PublishOutcome): PublishOutcome {
    if (outcome.kind !== 'published') return outcome;
    const address = webAddressOf(outcome.externalUrl);
    if (address.kept) return outcome;
    this.logger.warn(`${provider.name} gave an address of ${labelOf(key)} that is not a web address (${address.why}); it is not kept`);
    return { ...outcome, externalUrl: null };
  }

  /** A provider that throws instead of answering an outcome has failed this publish; a media file it could not read, the store's failure. */
  private async call(provider: PublishProvider, publish: () => Promise<PublishOutcome>): Promise<PublishOutcome> {
    try {
      return await publish();
    } catch (error) {
      if (error instanceof MediaReadFailure) return error.failure;
      const detail = errorMessage(error);
      return { kind: 'unknown', message: PublishMessages.providerCrashed(provider.name, detail) };
    }
  }
}
