import { Logger } from '@nestjs/common';
import { deadLetterTopic, MessageTooLargeError, traceFieldsOf, type MessageBus, type OutgoingMessage } from '@app/messaging';
import { SchemaDatabase } from '@app/persistence';
import { EventStore, RecordedEvent } from '../event-store.port';
import { pause } from '../timing';
import { RelayLease, RelayTables } from './relay-lease';
import { errorMessage } from '@app/errors';

export interface RelayedMessage {
  topic: string;
  key: string;
  value: unknown;
  headers?: Record<string, string>;
}

/** Turns a stored event into the message to publish; null skips the event. Called in store order. */
export type EventToMessage = (event: RecordedEvent) => RelayedMessage | null | Promise<RelayedMessage | null>;

export interface EventRelayOptions {
  /** How long the lease lasts without renewal; another instance takes over after that. */
  leaseMs?: number;
  /** How often the leader renews its lease. */
  renewEveryMs?: number;
  /** How often a waiting instance tries to take the lease. */
  acquireEveryMs?: number;
  /** Most events published (and checkpointed) at once. */
  batchSize?: number;
  /** Pause before a failed batch is published again. */
  retryEveryMs?: number;
  /**
   * Told at each turn of the relay's loop, for readiness: a try for the lease, a renewal while no
   * batch is on its way, each publish of a batch (done or failed); with the longest wait before
   * the next turn. A publish that hangs stops the turns.
   */
  onTurn?: (nextTurnWithinMs: number) => void;
}

/**
 * Moves events from the store to the bus, at least once: publish, then save the checkpoint.
 * Events are published in batches: those the subscription delivers back to back (a page of the
 * store) go out in one publish with one checkpoint save; a failed batch is retried in place, and
 * an unsaved batch is simply relayed again by whoever leads next.
 * Instances sharing a name elect one leader through a lease row; the others wait and take over
 * from the saved checkpoint when the leader stops or its lease runs out (where one process at a
 * time opens the database, a lease left by an earlier process is taken at once). The checkpoint and
 * lease table comes from `eventRelayMigration`, which the owning service adds to its migrations.
 */
export class EventRelay {
  private readonly logger: Logger;
  private readonly lease: RelayLease;
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly acquireEveryMs: number;
  private readonly batchSize: number;
  private readonly retryEveryMs: number;
  private buffer: RecordedEvent[] = [];
  private flushChain: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  private stopping = new AbortController();
  private running: Promise<void> | null = null;
  private leading = false;
  /** A batch is being published (its publish and checkpoint are awaited). */
  private publishing = false;
  private readonly onTurn: (nextTurnWithinMs: number) => void;

  constructor(
    database: SchemaDatabase<RelayTables>,
    private readonly name: string,
    private readonly store: EventStore,
    private readonly bus: MessageBus,
    private readonly toMessage: EventToMessage,
    options: EventRelayOptions = {},
  ) {
    this.logger = new Logger(`EventRelay(${name})`);
    this.leaseMs = options.leaseMs ?? 10_000;
    this.renewEveryMs = options.renewEveryMs ?? Math.floor(this.leaseMs / 3);
    this.acquireEveryMs = options.acquireEveryMs ?? 1_000;
    this.batchSize = options.batchSize ?? 200;
    this.retryEveryMs = options.retryEveryMs ?? 1_000;
    this.onTurn = options.onTurn ?? (() => undefined);
    this.lease = new RelayLease(database, name, this.leaseMs);
  }

  /** Whether this instance currently holds the lease and relays. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** Returns at once; the relay waits for the lease in the background. */
  start(): void {
    if (this.running) return;
    this.stopping = new AbortController();
    this.running = this.run(this.stopping.signal);
  }

  /** Lets the event being relayed finish, then gives up the lease. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopping.abort();
    await this.running;
    this.running = null;
  }

  private async run(stopped: AbortSignal): Promise<void> {
    while (!stopped.aborted) {
      const checkpoint = await this.tryAcquire();
      if (checkpoint === null) {
        this.onTurn(this.acquireEveryMs);
        await pause(this.acquireEveryMs, stopped);
      } else await this.relayWhileLeading(checkpoint, stopped);
    }
  }

  private async tryAcquire(): Promise<number | null> {
    try {
      return await this.lease.acquire();
    } catch (error) {
      this.logger.error(`Could not take the relay lease: ${errorMessage(error)}`);
      return null;
    }
  }

  private async relayWhileLeading(checkpoint: number, stopped: AbortSignal): Promise<void> {
    this.leading = true;
    this.logger.debug(`Leading; relaying events after position ${checkpoint}`);
    const lost = new AbortController();
    const term = AbortSignal.any([stopped, lost.signal]);
    const subscription = this.store.subscribeToAll(checkpoint, (event) => this.relay(event, lost));
    while (!term.aborted) {
      if (!this.publishing) this.onTurn(this.renewEveryMs);
      await pause(this.renewEveryMs, term);
      if (!term.aborted && !(await this.renew())) lost.abort();
    }
    await subscription.stop();
    await this.flush(lost);
    this.leading = false;
    if (stopped.aborted) await this.release();
    else this.logger.warn('Lost the relay lease; waiting to take it again');
  }

  private async relay(event: RecordedEvent, lost: AbortController): Promise<void> {
    // After losing the lease the new leader relays from the saved checkpoint; this one stands down.
    if (lost.signal.aborted) return;
    this.buffer.push(event);
    if (this.buffer.length >= this.batchSize) {
      await this.flush(lost);
    } else if (!this.flushScheduled) {
      // Flushes once the subscription stops delivering back to back (it awaits the store).
      this.flushScheduled = true;
      setImmediate(() => void this.flush(lost));
    }
  }

  /** Publishes what is buffered after the batches already on their way; resolves when all are out. */
  private flush(lost: AbortController): Promise<void> {
    this.flushScheduled = false;
    const batch = this.buffer.splice(0);
    if (batch.length > 0) this.flushChain = this.flushChain.then(() => this.publishBatch(batch, lost));
    return this.flushChain;
  }

  private async publishBatch(batch: RecordedEvent[], lost: AbortController): Promise<void> {
    while (!lost.signal.aborted) {
      this.publishing = true;
      try {
        for (const [topic, messages] of await byTopic(batch, this.toMessage)) await this.publish(topic, messages);
        if (!(await this.lease.saveCheckpoint(batch[batch.length - 1].position))) lost.abort();
        this.onTurn(this.renewEveryMs);
        return;
      } catch (error) {
        this.logger.warn(`Could not relay ${batch.length} events from position ${batch[0].position}: ${errorMessage(error)}; retrying`);
        this.onTurn(this.retryEveryMs);
        await pause(this.retryEveryMs, lost.signal);
      } finally {
        this.publishing = false;
      }
    }
  }

  /**
   * Publishes the messages of a batch to one topic. A message the bus can never carry must not
   * hold up every event after it: the others go out one by one, in order, and that one goes to
   * `<topic>.dlq` as a notice without its value (it would not fit there either), logged.
   */
  private async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    try {
      await this.bus.publish(topic, messages);
      return;
    } catch (error) {
      if (!(error instanceof MessageTooLargeError)) throw error;
    }
    for (const message of messages) {
      try {
        await this.bus.publish(topic, [message]);
      } catch (error) {
        if (!(error instanceof MessageTooLargeError)) throw error;
        this.logger.error(`${error.message}: set aside on ${deadLetterTopic(topic)} without its value; the events after it go on`);
        const notice = { reason: 'too_large', size: error.size, limit: error.limit, key: message.key, headers: message.headers ?? {} };
        await this.bus.publish(deadLetterTopic(topic), [{ key: message.key, value: notice, headers: { ...message.headers, 'dlq-error': error.message } }]);
      }
    }
  }

  private async renew(): Promise<boolean> {
    try {
      return await this.lease.renew();
    } catch (error) {
      this.logger.error(`Could not renew the relay lease: ${errorMessage(error)}`);
      return false;
    }
  }

  private async release(): Promise<void> {
    try {
      await this.lease.release();
      this.logger.debug('Stopped and released the relay lease');
    } catch (error) {
      this.logger.error(`Could not release the relay lease; it expires in ${this.leaseMs} ms: ${errorMessage(error)}`);
    }
  }
}

/** The messages of a batch by topic, in the batch's order within each topic. */
async function byTopic(batch: RecordedEvent[], toMessage: EventToMessage): Promise<Map<string, OutgoingMessage[]>> {
  const topics = new Map<string, OutgoingMessage[]>();
  for (const event of batch) {
    const message = await toMessage(event);
    if (!message) continue;
    const messages = topics.get(message.topic) ?? [];
    // The trace the event was appended in goes on with its message.
    const trace = traceFieldsOf(event.metadata);
    const headers = Object.keys(trace).length > 0 ? { ...message.headers, ...trace } : message.headers;
    messages.push({ key: message.key, value: message.value, headers });
    topics.set(message.topic, messages);
  }
  return topics;
}
