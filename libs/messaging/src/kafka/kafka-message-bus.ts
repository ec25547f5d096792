import { Logger } from '@nestjs/common';
import { deadLetterTopic } from '../dead-letter';
import { Admin, Kafka, KafkaMessage, Partitioners, Producer } from 'kafkajs';
import { DeadLetterHeaders, deadLetterHeaders, MessageTooLargeError } from '../dead-letter';
import { keepRetrying, ConsumerRetryPolicy, consumerRetryPolicy } from '../delivery/consumer-retry-policy';
import { chunkBySize, encodedSize } from './request-chunks';
import { ConsumerLag, MessageBus, OutgoingMessage, SubscribeOptions, Subscription } from '../message-bus.port';
import { GroupMembershipWatch } from '../group-membership';
import { withTraceHeaders } from '../message-tracing';
import { encodeMessage, MessageAuthenticator, SIGNATURE_HEADER } from './kafka-codec';
import { kafkaConsumerLag } from './kafka-consumer-lag';
import { quietIdleRequestQueues } from './idle-request-queues';
import { KafkaGroupConsumer } from './kafka-group-consumer';
import { KafkaLogLevel, kafkaLogLevel, nestLogCreator } from './kafka-logging';
import { errorMessage, errorStack } from '@app/errors';

/** Consumer group timings (kafkajs names, milliseconds). Short ones make tests fast; the defaults suit production. */
export interface KafkaConsumerTimings {
  sessionTimeout?: number;
  rebalanceTimeout?: number;
  heartbeatInterval?: number;
  /** Longest a fetch waits for new messages; also bounds how long a stop waits for an idle fetch. Default 1000. */
  maxWaitTimeInMs?: number;
}

export interface KafkaMessageBusOptions {
  brokers: readonly string[];
  clientId: string;
  /** How a failing handler is retried (see ConsumerRetryPolicy); defaults: 200 ms doubling to 30 s, dead-lettered after 24 h. */
  retry?: Partial<ConsumerRetryPolicy>;
  /** Partitions a member handles at the same time (one message at a time within each). Default 4. */
  partitionsConsumedConcurrently?: number;
  consumer?: KafkaConsumerTimings;
  /** Most bytes of messages sent in one request; a larger batch is sent in several, in order. Default 900000 (under Kafka's default message.max.bytes of 1 MB). */
  maxRequestBytes?: number;
  /**
   * Signs every message sent and dead-letters, unread, every message received that does not carry
   * a valid signature: only holders of the shared key can write what the services act on.
   */
  authenticator?: MessageAuthenticator;
  /** Ask the cluster for an idempotent producer (falls back, with a warning, where the cluster cannot grant one). Default true. */
  idempotent?: boolean;
  /** Level of the kafkajs client's own logs. Default 'info' (which Nest shows at debug). */
  logLevel?: KafkaLogLevel;
  /** Told whether each member of a consumer group is in its group (for readiness). */
  membership?: GroupMembershipWatch;
}

const DEFAULT_MAX_REQUEST_BYTES = 900_000;
/** kafkajs' own default. */
const DEFAULT_SESSION_TIMEOUT_MS = 30_000;

/**
 * The message bus over Kafka (kafkajs). Values are JSON, the key picks the partition (kafkajs'
 * default, Java-compatible murmur2 partitioner), every send waits for all in-sync replicas.
 * Each subscribe() is one member of its consumer group; see KafkaGroupConsumer for delivery.
 * Topics are created on first use when the cluster allows it; otherwise the cluster's
 * auto-creation is relied on.
 */
export class KafkaMessageBus implements MessageBus {
  private readonly logger = new Logger(KafkaMessageBus.name);
  private readonly kafka: Kafka;
  private readonly members = new Map<string, KafkaGroupConsumer>();
  private readonly ensuredTopics = new Set<string>();
  private producerReady?: Promise<Producer>;
  private adminReady?: Promise<Admin>;
  private topicCreationRefused = false;
  private closed = false;
  private readonly retry: ConsumerRetryPolicy;

  constructor(private readonly options: KafkaMessageBusOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaMessageBus needs at least one broker.');
    this.retry = consumerRetryPolicy(options.retry);
    positiveInteger('partitionsConsumedConcurrently', options.partitionsConsumedConcurrently ?? 4);
    quietIdleRequestQueues();
    this.kafka = new Kafka({
      brokers: [...options.brokers],
      clientId: options.clientId,
      logLevel: kafkaLogLevel(options.logLevel ?? 'info'),
      logCreator: nestLogCreator,
    });
  }

  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    const { authenticator } = this.options;
    const encoded = messages.map((message) => encodeMessage(withTraceHeaders(message), authenticator && { topic, authenticator }));
    const limit = this.options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
    // A message that no request can carry fails the whole publish before anything is sent.
    const oversized = encoded.findIndex((message) => encodedSize(message) > limit);
    if (oversized >= 0) throw new MessageTooLargeError(topic, messages[oversized].key, encodedSize(encoded[oversized]), limit);
    await this.ensureTopics([topic]);
    const producer = await this.producer();
    // One request per chunk, in order: a large batch never exceeds the broker's message.max.bytes.
    for (const chunk of chunkBySize(encoded, limit)) {
      await producer.send({ topic, acks: -1, messages: chunk });
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    const { groupId } = options;
    const topics = [...new Set(options.topics)];
    if (topics.length === 0) throw new Error(`Consumer group "${groupId}" must subscribe to at least one topic.`);
    if (this.members.has(groupId)) {
      throw new Error(`Consumer group "${groupId}" already has a member on this bus; stop it before subscribing again.`);
    }
    const member = new KafkaGroupConsumer(
      {
        consumer: this.kafka.consumer({ groupId, maxWaitTimeInMs: 1_000, ...this.options.consumer }),
        groupId,
        topics,
        handle: (message) => options.handle(message),
        handleBatch: options.handleBatch && ((messages) => options.handleBatch!(messages)),
        deadLetter: (topic, partition, message, reason, attempts) => this.deadLetter(groupId, topic, partition, message, reason, attempts),
        retry: options.keepRetrying ? keepRetrying(this.retry) : this.retry,
        authenticator: this.options.authenticator,
        partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 4,
        logger: this.logger,
        membership: this.options.membership,
        sessionTimeoutMs: this.options.consumer?.sessionTimeout ?? DEFAULT_SESSION_TIMEOUT_MS,
      },
      () => {
        this.members.delete(groupId);
        this.logger.debug(`Consumer group ${groupId} stopped`);
      },
    );
    this.members.set(groupId, member);
    try {
      await this.ensureTopics(topics);
      await member.start();
    } catch (error) {
      await member.stop().catch(() => undefined);
      throw error;
    }
    this.logger.debug(`Consumer group ${groupId} reads ${topics.join(', ')}`);
    return member;
  }

  /** Asked of the cluster (see kafkaConsumerLag), on the admin client that also creates topics. */
  async consumerLag(groups?: readonly string[]): Promise<ConsumerLag[]> {
    this.assertOpen();
    return kafkaConsumerLag(await this.admin(), groups);
  }

  /** Stops every member (each finishes its message in hand), then disconnects the producer. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.members.values()].map((member) => member.stop()));
    const [producer, admin] = await Promise.allSettled([this.producerReady, this.adminReady]);
    if (producer.status === 'fulfilled') await producer.value?.disconnect();
    if (admin.status === 'fulfilled') await admin.value?.disconnect();
  }

  /** The dead letter's headers: the original ones, why and where from, and a signature for the dead-letter topic. */
  private signedDeadLetterHeaders(target: string, message: KafkaMessage, added: Record<string, string>): Record<string, string | Buffer> {
    const original: Record<string, string | Buffer> = {};
    for (const [name, value] of Object.entries(message.headers ?? {})) if (value !== undefined && name !== SIGNATURE_HEADER) original[name] = Array.isArray(value) ? value[value.length - 1] : value;
    const headers = { ...original, ...added };
    const { authenticator } = this.options;
    if (!authenticator) return headers;
    const text = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.toString()]));
    const value = message.value === null ? null : message.value.toString('utf8');
    return { ...headers, [SIGNATURE_HEADER]: authenticator.sign({ topic: target, key: message.key?.toString('utf8') ?? '', value, headers: text }) };
  }

  /** Sends the original bytes and headers on, with why and where from, so nothing is lost in the translation. */
  private async deadLetter(groupId: string, topic: string, partition: number, message: KafkaMessage, reason: unknown, attempts: number): Promise<void> {
    const target = deadLetterTopic(topic);
    const added = deadLetterHeaders({}, { topic, partition, offset: message.offset, groupId, attempts, reason });
    await this.ensureTopics([target]);
    const producer = await this.producer();
    await producer.send({
      topic: target,
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: this.signedDeadLetterHeaders(target, message, added),
        },
      ],
    });
    this.logger.error(
      `Group ${groupId} gave up on ${topic}/${partition}@${message.offset} (key ${message.key?.toString() ?? ''}) ` +
        `after ${attempts} attempts and moved it to ${target}: ${added[DeadLetterHeaders.error]}`,
      errorStack(reason),
    );
  }

  private producer(): Promise<Producer> {
    if (!this.producerReady) {
      this.producerReady = this.connectProducer();
      this.producerReady.catch(() => (this.producerReady = undefined));
    }
    return this.producerReady;
  }

  private async connectProducer(): Promise<Producer> {
    const createPartitioner = Partitioners.DefaultPartitioner;
    if (this.options.idempotent ?? true) {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner });
      try {
        await producer.connect();
        return producer;
      } catch (error) {
        await producer.disconnect().catch(() => undefined);
        // kafkajs asks the controller for a producer id; a cluster that names no reachable controller cannot give one.
        if (!(error instanceof Error && error.name === 'KafkaJSBrokerNotFound')) throw error;
        this.logger.warn(
          `The cluster could not grant an idempotent producer (${error.message}); publishing without idempotence, ` +
            'one request in flight, acks from all replicas (a retried send may duplicate a message, which consumers tolerate)',
        );
      }
    }
    const producer = this.kafka.producer({ maxInFlightRequests: 1, createPartitioner });
    await producer.connect();
    return producer;
  }

  /** Tries to create missing topics once per name; a cluster that refuses (or auto-creates) is fine. */
  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = topics.filter((topic) => !this.ensuredTopics.has(topic));
    if (missing.length === 0) return;
    for (const topic of missing) this.ensuredTopics.add(topic);
    try {
      const admin = await this.admin();
      await admin.createTopics({ topics: missing.map((topic) => ({ topic })), waitForLeaders: true });
    } catch (error) {
      const text = `Could not create topics ${missing.join(', ')} (${errorMessage(error)}); relying on the cluster to create them on first use`;
      // Said once loudly: a cluster that refuses refuses every time.
      if (this.topicCreationRefused) this.logger.debug(text);
      else this.logger.warn(text);
      this.topicCreationRefused = true;
    }
  }

  private admin(): Promise<Admin> {
    if (!this.adminReady) {
      const admin = this.kafka.admin();
      this.adminReady = admin.connect().then(() => admin);
      this.adminReady.catch(() => (this.adminReady = undefined));
    }
    return this.adminReady;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The message bus is closed.');
  }
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`KafkaMessageBus option ${name} must be a positive integer, got ${value}.`);
  return value;
}
