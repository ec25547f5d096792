/**
 * The message bus port, with Kafka's semantics: named topics split in partitions, a message's key
 * choosing its partition (so messages of one key stay in order), consumer groups sharing the
 * partitions of a topic, and at-least-once delivery (an offset is committed after the handler
 * resolves). Adapters: Kafka (kafkajs) and in-process.
 */
export interface OutgoingMessage {
  key: string;
  value: unknown;
  headers?: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string;
  value: unknown;
  headers: Record<string, string>;
  timestamp: string;
}

export interface SubscribeOptions {
  groupId: string;
  topics: readonly string[];
  /**
   * Resolves when the message is handled. A rejection is retried in place with backoff until the
   * handler succeeds (the partition waits, so a key's messages stay in order); a rejection with
   * UnprocessableMessage, or failures that last longer than the retry policy allows, move the
   * message to `<topic>.dlq` and the group moves on.
   */
  handle(message: IncomingMessage): Promise<void>;
  /**
   * Optional: handles several messages of one partition at once, in offset order, all or nothing
   * (one transaction for the batch). An adapter may hand it what it fetched together; when it
   * rejects, those messages go through `handle` one at a time, with its retries and dead letters.
   */
  handleBatch?(messages: readonly IncomingMessage[]): Promise<void>;
  /**
   * Retry every failure but UnprocessableMessage for as long as it lasts, never moving the message
   * to `<topic>.dlq` for it: for the group that is itself the end of the line (the record of dead letters).
   */
  keepRetrying?: boolean;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** How far a consumer group is behind on one topic. */
export interface ConsumerLag {
  topic: string;
  group: string;
  /** Messages of the topic the group has not committed yet, summed over its partitions. */
  lag: number;
  /** Partitions of the topic the group reads. */
  partitions: number;
}

export interface MessageBus {
  publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * The lag of each topic of the given consumer groups; without `groups`, of every group the
   * bus knows (on Kafka: every consumer group of the cluster). A group that has neither committed
   * an offset nor been given partitions yet has no entry.
   */
  consumerLag(groups?: readonly string[]): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}

export const MESSAGE_BUS = Symbol('MESSAGE_BUS');
