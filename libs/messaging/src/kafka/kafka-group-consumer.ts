import { Logger } from '@nestjs/common';
import { Consumer, EachBatchPayload, EachMessagePayload, KafkaMessage } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { IncomingMessage, Subscription } from '../message-bus.port';
import { GroupMemberReports, GroupMembershipWatch } from '../group-membership';
import { decodeMessage, MessageAuthenticator, nextOffset } from './kafka-codec';
import { handleWithRetries } from '../delivery/handle-with-retries';
import { ConsumerRetryPolicy, retryDelayMs } from '../delivery/consumer-retry-policy';
import { errorMessage } from '@app/errors';

export interface GroupConsumerSettings {
  consumer: Consumer;
  groupId: string;
  topics: readonly string[];
  handle(message: IncomingMessage): Promise<void>;
  /** See SubscribeOptions.handleBatch: with it, the member takes what kafkajs fetched of a partition together. */
  handleBatch?(messages: readonly IncomingMessage[]): Promise<void>;
  /** Sends a message that cannot be handled to its dead-letter topic (it is committed afterwards). */
  deadLetter(topic: string, partition: number, message: KafkaMessage, reason: unknown, attempts: number): Promise<void>;
  retry: ConsumerRetryPolicy;
  /** When given, a message without a valid signature is dead-lettered without reaching the handler. */
  authenticator?: MessageAuthenticator;
  partitionsConsumedConcurrently: number;
  logger: Logger;
  /** Told when the member joins its group, is answered in it and leaves it (for readiness). */
  membership?: GroupMembershipWatch;
  /** The consumer's session timeout: how long the group waits for a silent member. */
  sessionTimeoutMs: number;
}

/**
 * One consumer group's member: messages of a partition reach the handler one at a time, in order;
 * an offset is committed only after its message was handled (or dead-lettered), so a stop or a
 * crash never skips an unhandled message. A failing handler is retried in place with exponential
 * backoff (see handleWithRetries); a message that can never be handled goes to `<topic>.dlq` and the
 * partition moves on.
 */
export class KafkaGroupConsumer implements Subscription {
  private readonly stopped = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private stopping?: Promise<void>;
  private rejoining?: Promise<void>;
  /** Crashes kafkajs did not restart from, and the last one's error. */
  private crashes = 0;
  private lastCrash: unknown;
  private membership?: GroupMemberReports;

  constructor(
    private readonly settings: GroupConsumerSettings,
    private readonly onStopped: () => void,
  ) {}

  /** Resolves once the member has joined its group and been given its partitions. */
  async start(): Promise<void> {
    const { consumer } = this.settings;
    this.watchMembership();
    consumer.on(consumer.events.CRASH, ({ payload }) => this.crashed(payload.error, payload.restart));
    await this.join();
  }

  /**
   * Tells the membership watch, from kafkajs' instrumentation events, when this member is in its
   * group (joined, then answered by the coordinator at each heartbeat or commit) and when it is
   * out (rebalancing, crashed, disconnected, connecting again). A member that joins with no
   * partitions is in its group all the same: a group with more members than its topics have
   * partitions (a fifth replica on a four-partition topic) leaves the extra ones idle, ready to
   * take over, which is no reason to call them unready.
   */
  private watchMembership(): void {
    const { consumer, groupId, topics, sessionTimeoutMs, membership, logger } = this.settings;
    const reports = membership?.watch({ groupId, topics, sessionTimeoutMs });
    this.membership = reports;
    const { events } = consumer;
    consumer.on(events.GROUP_JOIN, ({ payload }) => {
      logger.log(`Consumer group ${groupId} joined; assigned ${describeAssignment(payload.memberAssignment)}`);
      reports?.joined(payload.memberAssignment);
    });
    if (!reports) return;
    consumer.on(events.HEARTBEAT, () => reports.answered());
    consumer.on(events.COMMIT_OFFSETS, () => reports.answered());
    consumer.on(events.REBALANCING, () => reports.out('rebalancing'));
    consumer.on(events.CRASH, ({ payload }) => reports.out(`crashed (${errorMessage(payload.error)})`));
    consumer.on(events.STOP, () => reports.out('stopped'));
    consumer.on(events.DISCONNECT, () => reports.out('disconnected'));
    consumer.on(events.CONNECT, () => reports.out('connected, joining its group'));
  }

  private async join(): Promise<void> {
    const { consumer, topics, partitionsConsumedConcurrently } = this.settings;
    await consumer.connect();
    // A group that has never committed starts at the earliest offset, so nothing published before it existed is lost.
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently,
      ...(this.settings.handleBatch
        ? { eachBatchAutoResolve: false, eachBatch: (payload: EachBatchPayload) => this.track(() => this.consumeBatch(payload)) }
        : { eachMessage: (payload: EachMessagePayload) => this.track(() => this.consume(payload)) }),
    });
  }

  /**
   * kafkajs restarts a crashed member after a retriable error only; after any other (a protocol
   * error while joining, say) it leaves the member disconnected for good while the process runs on
   * and looks healthy. Such a member joins again, with backoff, until it is stopped.
   */
  private crashed(error: unknown, restartedByKafkajs: boolean): void {
    if (restartedByKafkajs || this.isStopping) return;
    this.crashes += 1;
    this.lastCrash = error;
    this.rejoining ??= this.rejoin().finally(() => (this.rejoining = undefined));
  }

  private async rejoin(): Promise<void> {
    const { groupId, logger, retry } = this.settings;
    for (let attempt = 1; !this.isStopping; attempt += 1) {
      const delayMs = retryDelayMs(attempt, retry);
      logger.error(`Consumer group ${groupId} stopped on an error kafkajs does not restart from (${errorMessage(this.lastCrash)}); joining again in ${delayMs} ms`);
      const slept = await sleep(delayMs, true, { signal: this.stopped.signal }).catch(() => false);
      if (!slept) return;
      // The handlers of the crashed run end first; their commits are refused and their messages read again.
      await Promise.allSettled([...this.inFlight]);
      const crashesBefore = this.crashes;
      try {
        await this.join();
      } catch (error) {
        this.lastCrash = error;
        continue;
      }
      if (this.crashes === crashesBefore) {
        logger.log(`Consumer group ${groupId} joined again`);
        return;
      }
    }
  }

  /** Lets the message in the handler finish and commit, then leaves the group and disconnects. */
  stop(): Promise<void> {
    this.stopping ??= this.disconnect();
    return this.stopping;
  }

  /**
   * kafkajs drops commits once its consumer is stopping, so the messages in hand are finished (and
   * committed) while it still runs; nothing new is fetched or handled meanwhile.
   */
  private async disconnect(): Promise<void> {
    this.stopped.abort();
    const { consumer, topics } = this.settings;
    try {
      // A join in progress ends (joined or crashed) before the consumer disconnects.
      await this.rejoining;
      try {
        consumer.pause(topics.map((topic) => ({ topic })));
      } catch {
        // The consumer never ran (its start failed): nothing to pause, nothing in flight.
      }
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      await consumer.disconnect();
    } finally {
      this.membership?.ended();
      this.onStopped();
    }
  }

  private async track(work: () => Promise<unknown>): Promise<void> {
    // Not handled and not committed: the group's next member reads it.
    if (this.isStopping) return;
    const consuming = work().then(() => undefined);
    this.inFlight.add(consuming);
    try {
      await consuming;
    } finally {
      this.inFlight.delete(consuming);
    }
  }

  private get isStopping(): boolean {
    return this.stopped.signal.aborted;
  }

  /**
   * What kafkajs fetched of a partition: to the batch handler together when every message decodes,
   * committed after it; otherwise, or when it fails, one message at a time as `consume` takes them.
   */
  private async consumeBatch({ batch, heartbeat, resolveOffset, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const { topic, partition, messages } = batch;
    const last = messages.at(-1);
    if (last && (await this.handleTogether(topic, partition, messages))) {
      await this.commit(topic, partition, last.offset);
      resolveOffset(last.offset);
      return;
    }
    for (const message of messages) {
      if (this.isStopping || !isRunning() || isStale()) return;
      if (!(await this.consume({ topic, partition, message, heartbeat }))) return;
      resolveOffset(message.offset);
      await heartbeat();
    }
  }

  /** True when the batch handler took the messages; false when they are to be handled one by one (its failure logged). */
  private async handleTogether(topic: string, partition: number, messages: readonly KafkaMessage[]): Promise<boolean> {
    const { handleBatch, authenticator, groupId, logger } = this.settings;
    if (!handleBatch || messages.length < 2 || this.isStopping) return false;
    const decoded: IncomingMessage[] = [];
    for (const message of messages) {
      const result = decodeMessage(topic, partition, message, authenticator);
      if (!result.ok) return false;
      decoded.push(result.message);
    }
    try {
      await handleBatch(decoded);
      return true;
    } catch (error) {
      logger.warn(`Group ${groupId} could not handle ${messages.length} messages of ${topic}/${partition} together (${errorMessage(error)}); handling them one by one`);
      return false;
    }
  }

  /** Handles one message with retries and commits past it; false when stopped before (nothing committed). */
  private async consume({ topic, partition, message, heartbeat }: Pick<EachMessagePayload, 'topic' | 'partition' | 'message' | 'heartbeat'>): Promise<boolean> {
    const { groupId, retry, logger } = this.settings;
    const decoded = decodeMessage(topic, partition, message, this.settings.authenticator);
    if (!decoded.ok) {
      await this.settings.deadLetter(topic, partition, message, decoded.reason, 0);
      await this.commit(topic, partition, message.offset);
      return true;
    }
    const outcome = await handleWithRetries(decoded.message, {
      groupId,
      policy: retry,
      logger,
      handle: this.settings.handle,
      deadLetter: (_decoded, reason, attempts) => this.settings.deadLetter(topic, partition, message, reason, attempts),
      isStopping: () => this.isStopping,
      pause: async (ms) => {
        const slept = await sleep(ms, true, { signal: this.stopped.signal }).catch(() => false);
        if (!slept) return false;
        // kafkajs heartbeats only between messages; retries must not cost the member its partitions.
        await heartbeat();
        return true;
      },
    });
    // Not committed when stopped: the next member of the group reads this message again.
    if (outcome === 'stopped') return false;
    await this.commit(topic, partition, message.offset);
    return true;
  }

  /**
   * A commit the group refuses because it is rebalancing (or no longer knows this member) is
   * rethrown as the broker's own error: kafkajs then re-joins the group instead of crashing the
   * member, which it does for the non-retriable wrapper its commit throws. The message stays
   * uncommitted, so the partition's next owner handles it again, as after any stop.
   */
  private async commit(topic: string, partition: number, offset: string): Promise<void> {
    try {
      await this.settings.consumer.commitOffsets([{ topic, partition, offset: nextOffset(offset) }]);
    } catch (error) {
      const cause = rootCause(error);
      if (!GROUP_CHANGES.has(String((cause as { type?: unknown }).type))) throw error;
      this.settings.logger.warn(
        `Group ${this.settings.groupId} could not commit ${topic}/${partition}@${offset} (${errorMessage(cause)}); ` +
          'rejoining the group, the message will be handled again by the owner of the partition',
      );
      throw cause;
    }
  }
}

/** Broker errors that mean the group changed under this member: kafkajs answers them by re-joining. */
const GROUP_CHANGES = new Set(['REBALANCE_IN_PROGRESS', 'ILLEGAL_GENERATION', 'NOT_COORDINATOR_FOR_GROUP', 'UNKNOWN_MEMBER_ID']);

function rootCause(error: unknown): unknown {
  let cause = error;
  while (cause instanceof Error && cause.cause !== undefined && cause.cause !== cause) cause = cause.cause;
  return cause;
}


/** `post-events [0,2]`, or `no partitions` for a member left without work. */
function describeAssignment(assignment: Record<string, number[]>): string {
  const parts = Object.entries(assignment)
    .filter(([, partitions]) => partitions.length > 0)
    .map(([topic, partitions]) => `${topic} [${[...partitions].sort((a, b) => a - b).join(',')}]`);
  return parts.length > 0 ? parts.join(', ') : 'no partitions';
}
