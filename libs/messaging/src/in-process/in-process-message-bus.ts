import { Logger } from '@nestjs/common';
import { deadLetterTopic } from '../dead-letter';
import { migrateSchema, PeriodicTask, SqlDatabase } from '@app/persistence';
import { deadLetterHeaders } from '../dead-letter';
import { keepRetrying, ConsumerRetryPolicy, consumerRetryPolicy } from '../delivery/consumer-retry-policy';
import { ConsumerLag, IncomingMessage, MessageBus, OutgoingMessage, SubscribeOptions, Subscription } from '../message-bus.port';
import { consumerLagOf } from './consumer-lag';
import { busMigrations, commitOffset, deleteConsumedMessages, ensureTopic, PartitionBatch } from './message-log';
import { MessageLogWriter } from './log-writer';
import { withTraceHeaders } from '../message-tracing';
import { PartitionConsumer } from './partition-consumer';
import { partitionForKey } from './partitioner';
import { errorMessage, errorStack } from '@app/errors';

export interface InProcessMessageBusOptions {
  /** Partitions of a topic this bus creates; an existing topic keeps its count. Default 4. */
  partitions?: number;
  /**
   * How often an idle partition is read to find what other processes appended; a publish in this
   * process wakes its readers at once. Default: 1000 where other processes may write (PostgreSQL),
   * never where this process alone writes (SQLite). Also the wait after a failed read.
   */
  pollIntervalMs?: number;
  /** How a failing handler is retried (see ConsumerRetryPolicy); defaults: 200 ms doubling to 30 s, dead-lettered after 24 h. */
  retry?: Partial<ConsumerRetryPolicy>;
  /** When set, consumed messages older than this are deleted periodically (started by migrate()). */
  retentionMs?: number;
}

/**
 * Kafka's semantics inside one process, durable in SQL (schema `bus`) so that nothing is lost when
 * the process dies: keyed partitions, consumer groups that start at the earliest offset, one
 * message at a time per partition, offsets committed after the handler, retries, then `<topic>.dlq`.
 * A publish wakes the consumers of every bus of this process on the same database at once; where
 * other processes may write (PostgreSQL) they also poll. A consumer group has one member, in this process.
 */
export class InProcessMessageBus implements MessageBus {
  private readonly logger = new Logger(InProcessMessageBus.name);
  private readonly partitions: number;
  private readonly pollIntervalMs?: number;
  private readonly retryAfterErrorMs: number;
  private readonly retry: ConsumerRetryPolicy;
  private readonly retentionMs?: number;
  private readonly topicPartitions = new Map<string, Promise<number>>();
  private readonly members = new Map<string, GroupMember>();
  private readonly writer: MessageLogWriter;
  private retention?: PeriodicTask;
  private closed = false;

  constructor(database: SqlDatabase, options: InProcessMessageBusOptions = {}) {
    this.writer = MessageLogWriter.of(database);
    this.partitions = positiveInteger('partitions', options.partitions ?? 4);
    const pollIntervalMs = options.pollIntervalMs ?? (this.writer.seesEveryAppend ? undefined : 1000);
    if (pollIntervalMs !== undefined) this.pollIntervalMs = positiveInteger('pollIntervalMs', pollIntervalMs);
    this.retryAfterErrorMs = this.pollIntervalMs ?? 1000;
    this.retry = consumerRetryPolicy(options.retry);
    if (options.retentionMs !== undefined) this.retentionMs = positiveInteger('retentionMs', options.retentionMs);
  }

  async migrate(): Promise<void> {
    await migrateSchema(this.writer.log, busMigrations);
    const retentionMs = this.retentionMs;
    if (retentionMs !== undefined && !this.retention) {
      this.retention = new PeriodicTask('MessageRetention', Math.min(retentionMs, 3_600_000), () => this.applyRetention(retentionMs), this.logger);
      this.retention.start();
    }
  }

  /**
   * Appends the messages at once (one statement on SQLite). On SQLite, do not call it inside a
   * transaction of the same database: its one connection runs one transaction at a time, so the
   * publish would wait forever.
   */
  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    for (const message of messages) {
      if (typeof message.key !== 'string') throw new TypeError(`A message to "${topic}" needs a string key.`);
    }
    const partitionCount = await this.partitionCount(topic);
    await this.writer.append(topic, byPartition(messages.map(withTraceHeaders), partitionCount));
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    const { groupId } = options;
    const topics = [...new Set(options.topics)];
    if (topics.length === 0) throw new Error(`Consumer group "${groupId}" must subscribe to at least one topic.`);
    if (this.members.has(groupId)) {
      throw new Error(`Consumer group "${groupId}" already has a member in this process; stop it before subscribing again.`);
    }
    const member = new GroupMember(() => {
      this.members.delete(groupId);
      this.logger.debug(`Consumer group ${groupId} stopped`);
    });
    this.members.set(groupId, member);
    try {
      for (const topic of topics) {
        const count = await this.partitionCount(topic);
        for (let partition = 0; partition < count; partition += 1) member.consumers.push(this.consumer(options, topic, partition));
      }
    } catch (error) {
      this.members.delete(groupId);
      throw error;
    }
    for (const consumer of member.consumers) consumer.start();
    this.logger.debug(`Consumer group ${groupId} reads ${topics.join(', ')} (${member.consumers.length} partitions)`);
    return member;
  }

  /** From the committed offsets in the log: the groups of every process that shares it. */
  async consumerLag(groups?: readonly string[]): Promise<ConsumerLag[]> {
    this.assertOpen();
    return consumerLagOf(this.writer.log, groups);
  }

  /** Stops every consumer of this bus; the database stays open (it belongs to the caller). */
  async close(): Promise<void> {
    this.closed = true;
    await this.retention?.stop();
    await Promise.all([...this.members.values()].map((member) => member.stop()));
  }

  /** Deletes messages older than `olderThanMs` that every group has already consumed; returns how many. */
  async deleteConsumedMessages(olderThanMs: number): Promise<number> {
    return deleteConsumedMessages(this.writer.log, olderThanMs);
  }

  private consumer(options: SubscribeOptions, topic: string, partition: number): PartitionConsumer {
    return new PartitionConsumer({
      writer: this.writer,
      groupId: options.groupId,
      topic,
      partition,
      handle: (message) => options.handle(message),
      handleBatch: options.handleBatch && ((messages) => options.handleBatch!(messages)),
      deadLetter: (message, error, attempts) => this.deadLetter(options.groupId, message, error, attempts),
      pollIntervalMs: this.pollIntervalMs,
      retryAfterErrorMs: this.retryAfterErrorMs,
      retry: options.keepRetrying ? keepRetrying(this.retry) : this.retry,
      logger: this.logger,
    });
  }

  /** Appends to the dead-letter topic and commits past the message in one transaction. */
  private async deadLetter(groupId: string, message: IncomingMessage, error: unknown, attempts: number): Promise<void> {
    const topic = deadLetterTopic(message.topic);
    const letter: OutgoingMessage = {
      key: message.key,
      value: message.value,
      headers: deadLetterHeaders(message.headers, { ...message, groupId, attempts, reason: error }),
    };
    const partitionCount = await this.partitionCount(topic);
    const { log } = this.writer;
    await this.writer.append(topic, byPartition([letter], partitionCount), (tx) =>
      commitOffset(log, groupId, message.topic, message.partition, Number(message.offset) + 1, tx),
    );
    this.logger.error(
      `Group ${groupId} gave up on ${message.topic}/${message.partition}@${message.offset} (key ${message.key}) ` +
        `after ${attempts} attempts and moved it to ${topic}: ${errorMessage(error)}`,
      errorStack(error),
    );
  }

  private partitionCount(topic: string): Promise<number> {
    let count = this.topicPartitions.get(topic);
    if (!count) {
      count = ensureTopic(this.writer.log, topic, this.partitions);
      count.catch(() => this.topicPartitions.delete(topic));
      this.topicPartitions.set(topic, count);
    }
    return count;
  }

  private async applyRetention(retentionMs: number): Promise<void> {
    try {
      const deleted = await this.deleteConsumedMessages(retentionMs);
      if (deleted > 0) this.logger.log(`Deleted ${deleted} consumed messages older than ${retentionMs} ms`);
    } catch (error) {
      this.logger.error(`Retention of consumed messages failed: ${errorMessage(error)}`);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The message bus is closed.');
  }
}

class GroupMember implements Subscription {
  readonly consumers: PartitionConsumer[] = [];
  private stopping?: Promise<void>;

  constructor(private readonly onStopped: () => void) {}

  stop(): Promise<void> {
    this.stopping ??= Promise.all(this.consumers.map((consumer) => consumer.stop())).then(() => this.onStopped());
    return this.stopping;
  }
}

/** The messages grouped by the partition of their key, each group in publishing order. */
function byPartition(messages: readonly OutgoingMessage[], partitionCount: number): PartitionBatch[] {
  const groups = new Map<number, OutgoingMessage[]>();
  for (const message of messages) {
    const partition = partitionForKey(message.key, partitionCount);
    const group = groups.get(partition);
    if (group) group.push(message);
    else groups.set(partition, [message]);
  }
  return [...groups].map(([partition, grouped]) => ({ partition, messages: grouped }));
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`InProcessMessageBus option ${name} must be a positive integer, got ${value}.`);
  return value;
}
