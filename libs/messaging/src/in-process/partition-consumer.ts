import { Logger } from '@nestjs/common';
import { IncomingMessage } from '../message-bus.port';
import { commitOffset, joinPartition, readPartition } from './message-log';
import { MessageLogWriter } from './log-writer';
import { FollowOnQueue } from '../follow-on-queue';
import { handleWithRetries } from '../delivery/handle-with-retries';
import { ConsumerRetryPolicy } from '../delivery/consumer-retry-policy';
import { errorMessage } from '@app/errors';

export interface PartitionConsumerSettings {
  /** The writer of the log read: it wakes this consumer when it appends to the partition. */
  writer: MessageLogWriter;
  groupId: string;
  topic: string;
  partition: number;
  handle(message: IncomingMessage): Promise<void>;
  /** See SubscribeOptions.handleBatch. */
  handleBatch?(messages: readonly IncomingMessage[]): Promise<void>;
  /** Moves a message that cannot be handled to the dead-letter topic (it is committed past afterwards). */
  deadLetter(message: IncomingMessage, error: unknown, attempts: number): Promise<void>;
  /** How long an idle partition waits for a wake-up before it is read again; undefined: no limit. */
  pollIntervalMs?: number;
  /** Wait before reading again after the database failed. */
  retryAfterErrorMs: number;
  retry: ConsumerRetryPolicy;
  logger: Logger;
}

const FETCH_SIZE = 100;
/**
 * A group with a batch handler whose last batch held several messages waits this long after a
 * wake-up before it reads, so that what is published meanwhile is handled in the same batch
 * (Kafka's fetch wait, in short). After a batch of one it reads at once: a lone message (a post
 * created and read back at once) is not kept waiting.
 */
export const BATCH_LINGER_MS = 5;
/** Messages handed over at append kept at most; beyond, the reader falls back to reading the log. */
const MAX_HANDED_OVER = 1_000;

/**
 * How long handled messages may wait for their offset commit: one commit covers what was handled
 * meanwhile instead of one per fetched batch (Kafka's auto-commit, with a short interval).
 */
export const COMMIT_INTERVAL_MS = 100;

/**
 * One consumer group's reader of one partition: hands the messages to the handler one at a time,
 * in offset order, and commits what was handled at most COMMIT_INTERVAL_MS later, and at once
 * when it stops (at-least-once: a crash hands the messages handled since the last commit over
 * again, which idempotent consumers skip).
 */
export class PartitionConsumer {
  private readonly wakeup = new Wakeup();
  private readonly stopped = new AbortController();
  private running: Promise<void> = Promise.resolve();
  /** The next offset after the handled messages, while it waits for its commit. */
  private uncommitted?: number;
  private commitTimer?: NodeJS.Timeout;
  private commits: Promise<void> = Promise.resolve();
  /**
   * What this process appended to the partition since the last read, as the writer handed it over:
   * read from here instead of the log when it follows on from the next offset (no query, no parse).
   */
  private readonly handedOver = new FollowOnQueue<IncomingMessage>(MAX_HANDED_OVER, (message) => Number(message.offset));

  constructor(private readonly settings: PartitionConsumerSettings) {}

  get topic(): string {
    return this.settings.topic;
  }

  get partition(): number {
    return this.settings.partition;
  }

  start(): void {
    const { writer, topic, partition } = this.settings;
    // Something was appended to this partition: read now instead of at the next poll.
    const stopListening = writer.onAppend(topic, partition, (appended) => {
      this.handedOver.add(appended);
      this.wakeup.notify();
    });
    this.running = this.run().finally(stopListening);
  }

  /** Lets the message in the handler finish (and commit if it succeeds), then stops. */
  async stop(): Promise<void> {
    this.stopped.abort();
    await this.running;
  }

  private get stopping(): boolean {
    return this.stopped.signal.aborted;
  }

  private async run(): Promise<void> {
    try {
      await this.consume();
    } finally {
      clearTimeout(this.commitTimer);
      this.commitTimer = undefined;
      await this.commitNow();
    }
  }

  private async consume(): Promise<void> {
    const { writer, groupId, topic, partition, pollIntervalMs, retryAfterErrorMs, logger } = this.settings;
    const { log } = writer;
    let nextOffset: number | undefined;
    while (!this.stopping) {
      try {
        nextOffset ??= await joinPartition(log, groupId, topic, partition);
        this.wakeup.reset();
        const batch = this.handedOver.take(nextOffset, FETCH_SIZE) ?? (await readPartition(log, topic, partition, nextOffset, FETCH_SIZE));
        const committed = nextOffset;
        let handledAll = true;
        if (await this.deliverTogether(batch)) nextOffset = Number(batch[batch.length - 1]!.offset) + 1;
        else {
          for (const message of batch) {
            if (this.stopping || !(await this.deliver(message))) {
              handledAll = false;
              break;
            }
            nextOffset = Number(message.offset) + 1;
          }
        }
        // What was handled, also when stopping part-way through the batch.
        if (nextOffset > committed) this.commitSoon(nextOffset);
        // The log is read and handled synchronously (SQLite): let the process's I/O in between
        // batches, or a long backlog would keep answers (a webhook's, say) waiting past their timeouts.
        await yieldToIo();
        if (!handledAll) return;
        // A short batch read the partition to its end: wait for a publish (one made meanwhile
        // has already left its wake-up) instead of reading once more to find nothing.
        if (batch.length < FETCH_SIZE) {
          await this.wakeup.wait(pollIntervalMs, this.stopped.signal);
          // Messages coming one by one are handled at once; after a batch of several, more are
          // likely on their way: wait for them to join the next batch.
          if (this.settings.handleBatch && batch.length > 1) await sleep(BATCH_LINGER_MS, this.stopped.signal);
        }
      } catch (error) {
        // The database is unreachable or the commit failed: read again from the last commit.
        logger.error(`Group ${groupId} could not read ${topic}/${partition}: ${errorMessage(error)}`);
        nextOffset = undefined;
        await sleep(retryAfterErrorMs, this.stopped.signal);
      }
    }
  }

  private commitSoon(nextOffset: number): void {
    this.uncommitted = nextOffset;
    if (this.commitTimer) return;
    this.commitTimer = setTimeout(() => {
      this.commitTimer = undefined;
      void this.commitNow();
    }, COMMIT_INTERVAL_MS);
    this.commitTimer.unref();
  }

  /** Commits the handled offset, after the commits already on their way. */
  private commitNow(): Promise<void> {
    this.commits = this.commits.then(async () => {
      const offset = this.uncommitted;
      if (offset === undefined) return;
      this.uncommitted = undefined;
      const { writer, groupId, topic, partition, logger } = this.settings;
      try {
        await commitOffset(writer.log, groupId, topic, partition, offset);
      } catch (error) {
        logger.error(`Group ${groupId} could not commit ${topic}/${partition}@${offset}: ${errorMessage(error)}`);
        // Tried again a moment later, unless a later offset is already waiting (or the consumer stopped).
        if (this.uncommitted === undefined && !this.stopping) this.commitSoon(offset);
      }
    });
    return this.commits;
  }

  /**
   * Hands a fetched batch to the group's batch handler, if it has one; false when it has none or
   * the batch failed, and the messages are to be handled one by one (the failure is logged then).
   */
  private async deliverTogether(batch: readonly IncomingMessage[]): Promise<boolean> {
    const { handleBatch, groupId, topic, partition, logger } = this.settings;
    if (!handleBatch || batch.length < 2 || this.stopping) return false;
    try {
      await handleBatch(batch);
      return true;
    } catch (error) {
      logger.warn(`Group ${groupId} could not handle ${batch.length} messages of ${topic}/${partition} together (${errorMessage(error)}); handling them one by one`);
      return false;
    }
  }

  /** Returns false when the consumer stopped before the message was handled. */
  private async deliver(message: IncomingMessage): Promise<boolean> {
    const { groupId, retry, handle, deadLetter, logger } = this.settings;
    const outcome = await handleWithRetries(message, {
      groupId,
      policy: retry,
      handle,
      deadLetter,
      logger,
      isStopping: () => this.stopping,
      pause: async (ms) => {
        await sleep(ms, this.stopped.signal);
        return !this.stopping;
      },
    });
    return outcome !== 'stopped';
  }
}

const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A wake-up call that is not lost when it comes before the wait. */
class Wakeup {
  private pending = false;
  private release?: () => void;

  notify(): void {
    this.pending = true;
    this.release?.();
  }

  reset(): void {
    this.pending = false;
  }

  /** Resolves on a notification (also one since the last reset), after `timeoutMs` if given, or when `signal` aborts. */
  async wait(timeoutMs: number | undefined, signal: AbortSignal): Promise<void> {
    if (this.pending) return;
    await sleep(timeoutMs, signal, (wake) => (this.release = wake));
    this.release = undefined;
  }
}

/** Resolves after `ms` (never when undefined), at once when `signal` aborts, or when the function handed to `onWakeable` is called. */
function sleep(ms: number | undefined, signal: AbortSignal, onWakeable?: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = ms === undefined ? undefined : setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
    onWakeable?.(finish);
    function finish(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    }
  });
}
