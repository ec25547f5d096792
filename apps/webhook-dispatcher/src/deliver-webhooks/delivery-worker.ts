import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { SECRET_BOX, SecretBox } from '@app/security';
import { ClaimedDelivery, DeliveryQueueRepository } from './delivery-queue.repository';
import { outcomeOfAttempt } from './retry-policy';
import { WebhookSender } from './webhook-sender';

/** Attempts in flight at once in one process. */
export const MAX_CONCURRENT_ATTEMPTS = 32;
/** Longest sleep with nothing due: deliveries queued by other replicas are noticed within it. */
const IDLE_RECHECK_MS = 10_000;
/** Pause after the queue could not be read (database down), before trying again. */
const FAILURE_PAUSE_MS = 1_000;
/** A claim outlives the request timeout by this much before another replica may take it over. */
const LEASE_MARGIN_MS = 30_000;

/**
 * Sends due deliveries. Woken at once when a delivery is queued or resent here, and by a timer set
 * to the next due retry; attempts run concurrently (bounded), so a slow endpoint delays no one
 * else. State lives in the deliveries table only, so a restart resumes where it stopped.
 */
@Injectable()
export class DeliveryWorker {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private pumping = false;
  private pumpRequested = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly queue: DeliveryQueueRepository,
    private readonly sender: WebhookSender,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(): Promise<void> {
    const released = await this.queue.releaseLeftoverLeases();
    if (released > 0) this.logger.warn(`${released} delivery attempt(s) cut off by the end of the previous process will be made again`);
    this.running = true;
    this.wake();
  }

  /** Stops claiming and waits for the attempts in flight (each ends within the request timeout). */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due deliveries now. */
  wake(): void {
    if (!this.running) return;
    this.pumpRequested = true;
    if (!this.pumping) void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    clearTimeout(this.timer);
    try {
      while (this.running && this.pumpRequested) {
        this.pumpRequested = false;
        const free = MAX_CONCURRENT_ATTEMPTS - this.inFlight.size;
        if (free <= 0) break; // the next attempt to end wakes the worker
        const claimed = await this.queue.claimDue(free, this.config.webhookTimeoutMs + LEASE_MARGIN_MS);
        for (const delivery of claimed) this.launch(delivery);
        if (claimed.length === free) this.pumpRequested = true;
      }
      if (this.running) this.arm(await this.queue.msUntilNextDue());
    } catch (error) {
      this.logger.error(`Reading the delivery queue failed: ${error instanceof Error ? error.message : String(error)}`);
      if (this.running) this.arm(FAILURE_PAUSE_MS);
    } finally {
      this.pumping = false;
    }
    if (this.running && this.pumpRequested) void this.pump();
  }

  private arm(waitMs: number | null): void {
    clearTimeout(this.timer);
    // A few ms past the due time, so that the database clock agrees it is due.
    const delay = waitMs === null ? IDLE_RECHECK_MS : Math.min(Math.ceil(waitMs) + 5, IDLE_RECHECK_MS);
    this.timer = setTimeout(() => this.wake(), delay);
  }

  private launch(delivery: ClaimedDelivery): void {
    const attempt = this.attempt(delivery)
      .catch((error: unknown) =>
        this.logger.error(`Delivery ${delivery.id}: attempt not recorded: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.inFlight.delete(attempt);
        this.wake();
      });
    this.inFlight.add(attempt);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const at = new Date();
    const result = await this.sender.send({
      deliveryId: delivery.id,
      event: delivery.event,
      url: delivery.url,
      body: delivery.body,
      secret: this.secrets.decrypt(delivery.secretCiphertext),
    });
    const attemptNumber = delivery.runAttempts + 1;
    const outcome = outcomeOfAttempt(result.succeeded, attemptNumber, {
      maxRetries: this.config.webhookMaxRetries,
      backoffBaseMs: this.config.webhookBackoffBaseMs,
    });
    await this.queue.recordAttempt(delivery, { at, ...result }, outcome);

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
