import { Inject, Injectable, Logger } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import { APP_CONFIG, AppConfig } from '@app/config';
import { inSpan, storedTraceContext } from '@app/messaging';
import { LoopTurn, WakeUpLoop } from '@app/persistence';
import { READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { RecentlyOpenedSecrets, SECRET_BOX, SecretBox } from '@app/security';
import { BatchWriter } from './batch-writer';
import { DeliveryMetrics } from './delivery-metrics';
import { ClaimedDelivery, DeliveryQueueStore, FinishedAttempt } from './delivery-queue-store';
import { AttemptOutcome, outcomeOfAttempt } from './retry-policy';
import { WebhookHealthStore } from './webhook-health-store';
import { WebhookSender } from './webhook-sender';
import { errorMessage } from '@app/errors';

/**
 * Attempts in flight at once in one process; also the most deliveries claimed by one statement.
 * Room for a burst to many receivers while a few slow ones hold MAX_ATTEMPTS_PER_WEBHOOK each.
 */
export const MAX_CONCURRENT_ATTEMPTS = 256;
/**
 * A webhook with this many attempts in flight gets no more until one ends, so that a slow
 * endpoint holds a few slots, not all of them, and the others' deliveries go on at their pace.
 */
export const MAX_ATTEMPTS_PER_WEBHOOK = 8;
/** Longest sleep with nothing due: deliveries queued or leases left by other replicas are noticed within it. */
const IDLE_RECHECK_MS = 10_000;
/** Pause after the queue could not be read (database down), before trying again; it doubles while that lasts. */
const FAILURE_PAUSE_MS = 1_000;
/** A claim outlives the request timeout by this much before another replica may take it over. */
const LEASE_MARGIN_MS = 30_000;
/**
 * A busy worker claims again once this many attempts have ended, or this long after the first
 * ended, so that under load a claim takes a batch rather than one delivery at a time.
 */
const REFILL_SLOTS = 8;
const REFILL_DELAY_MS = 10;
/** Attempts that end within this long of each other are recorded in one transaction. */
const RECORD_GATHER_MS = 3;
/** The receiver says the endpoint is gone for good: no retry, and the webhook is disabled. */
const GONE = 410;

/**
 * Sends due deliveries. Its claims run in a wake-up loop: woken at once when a delivery is queued,
 * resent or its webhook activated here, and otherwise asleep until the next due time (a retry
 * recorded here sets it directly, and the queue is asked only when a claim has emptied it). Attempts
 * run concurrently (bounded), so a slow endpoint delays no one else; attempts that end together are
 * recorded together. State lives in the deliveries table only, so a restart resumes where it
 * stopped. Every look at the queue beats for readiness, saying when the next one is planned (idle,
 * within IDLE_RECHECK_MS).
 */
@Injectable()
export class DeliveryWorker {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly metrics = new DeliveryMetrics();
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts in flight by webhook id. */
  private readonly inFlightByWebhook = new Map<number, number>();
  private readonly recorder: BatchWriter<FinishedAttempt>;
  private readonly wakeUp: WakeUpLoop;
  /** Every slot was busy at the last claim: attempts that end look for more (see REFILL_SLOTS). */
  private saturated = false;
  /** The webhooks' signing secrets, opened once per burst. */
  private readonly secrets: RecentlyOpenedSecrets;

  constructor(
    private readonly queue: DeliveryQueueStore,
    private readonly sender: WebhookSender,
    private readonly health: WebhookHealthStore,
    @Inject(SECRET_BOX) secretBox: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
  ) {
    this.secrets = new RecentlyOpenedSecrets(secretBox);
    this.recorder = new BatchWriter((finished) => this.record(finished), {
      maxBatch: MAX_CONCURRENT_ATTEMPTS,
      gatherMs: RECORD_GATHER_MS,
    });
    this.wakeUp = new WakeUpLoop(
      { name: 'webhook delivery worker', idleRecheckMs: IDLE_RECHECK_MS, failurePauseMs: FAILURE_PAUSE_MS, logger: this.logger },
      (turn) => this.claimDue(turn),
    );
  }

  /** Logs a batch of attempts, then what they tell about their webhooks (which may disable some). */
  private async record(finished: FinishedAttempt[]): Promise<void> {
    await this.queue.recordAttempts(finished);
    const webhooksWhere = (matches: (attempt: FinishedAttempt) => boolean) => [...new Set(finished.filter(matches).map(({ delivery }) => delivery.webhookId))];
    try {
      const disabled = await this.health.record(
        {
          succeeded: webhooksWhere(({ outcome }) => outcome.status === 'succeeded'),
          failed: webhooksWhere(({ outcome }) => outcome.status !== 'succeeded'),
          gone: webhooksWhere(({ attempt }) => attempt.statusCode === GONE),
        },
        this.config.webhookDisableAfterHours,
      );
      for (const { id, workspaceUuid, reason } of disabled) {
        this.logger.warn(`webhook.disabled: webhook ${id} of ${workspaceUuid === null ? 'the system' : `workspace ${workspaceUuid}`} set inactive. ${reason}`);
      }
    } catch (error) {
      this.logger.error(`Webhook health not recorded: ${errorMessage(error)}`);
    }
  }

  async start(): Promise<void> {
    const released = await this.queue.releaseLeftoverLeases();
    if (released > 0) this.logger.warn(`${released} delivery attempt(s) cut off by the end of the previous process will be made again`);
    this.wakeUp.start(this.readiness);
  }

  /** Stops claiming and waits for the attempts in flight (each ends within the request timeout). */
  async stop(): Promise<void> {
    await this.wakeUp.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due deliveries now. */
  wake(): void {
    this.wakeUp.wake();
  }

  /**
   * Claims due deliveries into the free slots, again while a claim fills them all, and launches
   * their attempts; in how long the next delivery is due once a claim has emptied the queue, or
   * null while every slot is busy (an attempt that ends wakes the loop).
   */
  private async claimDue(turn: LoopTurn): Promise<number | null> {
    for (;;) {
      const free = MAX_CONCURRENT_ATTEMPTS - this.inFlight.size;
      this.saturated = free <= 0;
      if (this.saturated) return null;
      const claimed = await this.queue.claimDue(free, this.config.webhookTimeoutMs + LEASE_MARGIN_MS, this.busyWebhooks());
      for (const delivery of claimed) this.launch(delivery);
      if (claimed.length > 0) turn.progressed();
      if (claimed.length < free) break;
      if (turn.stopping) return null;
    }
    return this.queue.msUntilNextDue(this.busyWebhooks());
  }

  /** Webhooks at their limit of attempts in flight, which the next claim leaves alone. */
  private busyWebhooks(): number[] {
    return [...this.inFlightByWebhook].filter(([, count]) => count >= MAX_ATTEMPTS_PER_WEBHOOK).map(([webhookId]) => webhookId);
  }

  private launch(delivery: ClaimedDelivery): void {
    const { webhookId } = delivery;
    this.inFlightByWebhook.set(webhookId, (this.inFlightByWebhook.get(webhookId) ?? 0) + 1);
    const attempt = this.attempt(delivery)
      .catch((error: unknown) =>
        this.logger.error(`Delivery ${delivery.id}: attempt not recorded: ${errorMessage(error)}`),
      )
      .finally(() => {
        this.inFlight.delete(attempt);
        const count = this.inFlightByWebhook.get(webhookId)! - 1;
        if (count === 0) this.inFlightByWebhook.delete(webhookId);
        else this.inFlightByWebhook.set(webhookId, count);
        // The webhook was left out of claims: its waiting deliveries may go now.
        if (count === MAX_ATTEMPTS_PER_WEBHOOK - 1) return this.wake();
        if (!this.saturated) return;
        if (MAX_CONCURRENT_ATTEMPTS - this.inFlight.size >= REFILL_SLOTS) this.wake();
        else this.wakeUp.wakeWithin(REFILL_DELAY_MS);
      });
    this.inFlight.add(attempt);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const at = new Date();
    // The attempt belongs to the trace of the event that queued it; its request carries that trace.
    const trace = { kind: SpanKind.CLIENT, parent: storedTraceContext(delivery.traceparent) };
    const result = await inSpan(`webhook ${delivery.event}`, trace, () =>
      this.sender.send({
        deliveryId: delivery.id,
        event: delivery.event,
        url: delivery.url,
        body: delivery.body,
        secrets: [delivery.secretCiphertext, ...(delivery.previousSecretCiphertext ? [delivery.previousSecretCiphertext] : [])].map((ciphertext) =>
          this.secrets.decrypt(ciphertext),
        ),
      }),
    );
    const attemptNumber = delivery.runAttempts + 1;
    const outcome: AttemptOutcome =
      result.statusCode === GONE
        ? { status: 'failed' }
        : outcomeOfAttempt(result.succeeded, attemptNumber, { maxRetries: this.config.webhookMaxRetries, backoffBaseMs: this.config.webhookBackoffBaseMs });
    this.metrics.attempted(result, outcome);
    await this.recorder.add({ delivery, attempt: { at, ...result }, outcome });
    if (outcome.status === 'pending') this.wakeUp.wakeWhenDue(outcome.retryInMs);

    const target = `${delivery.event} ${delivery.id} to webhook ${delivery.webhookId} (${new URL(delivery.url).host})`;
    const answer = result.statusCode !== null ? `HTTP ${result.statusCode}` : result.error;
    if (outcome.status === 'succeeded') {
      this.logger.log(`Delivered ${target}: ${answer} in ${result.durationMs} ms, attempt ${attemptNumber}`);
    } else if (outcome.status === 'pending') {
      this.logger.warn(`Attempt ${attemptNumber} of ${target} failed (${answer}); retry in ${outcome.retryInMs} ms`);
    } else {
      this.logger.error(`Delivery ${target} failed after ${attemptNumber} attempt${attemptNumber === 1 ? '' : 's'} (${answer})`);
    }
  }
}
