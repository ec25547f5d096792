import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { context, SpanKind } from '@opentelemetry/api';
import { IncomingMessage, MESSAGE_BUS, MessageBus, Subscription } from '../message-bus.port';
import { consumeInTrace, inSpan } from '../message-tracing';
import { RPC_SERVER, RpcServer } from '../rpc.port';
import { ConsumerLagGauge } from './consumer-lag-gauge';
import { RPC_METHOD_METADATA, TOPIC_CONSUMER_METADATA, TopicConsumerOptions } from './message-endpoint.decorators';

interface Endpoint<Metadata> {
  metadata: Metadata;
  name: string;
  call: (argument: never) => Promise<unknown>;
}

/**
 * The one way a use case is reached by a message: its provider's method carries @HandlesRpc or
 * @ConsumesTopics, and this finds them in every module of the application. Once every module is
 * initialised (migrations done), request/reply methods are registered and consumer groups
 * subscribe; the subscriptions stop first when the application shuts down. The lag of these
 * groups, the app's own, is its `consumer_lag_messages` metric.
 */
@Injectable()
export class MessageEndpoints implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MessageEndpoints');
  private subscriptions: Subscription[] = [];
  private lagGauge?: ConsumerLagGauge;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(RPC_SERVER) private readonly rpc: RpcServer,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const endpoint of this.endpoints<string>(RPC_METHOD_METADATA)) {
      // The request's trace is the active one: the caller's in-process, the one its message carried over Kafka.
      const name = `rpc ${endpoint.metadata}`;
      this.rpc.handle(endpoint.metadata, (payload) => inSpan(name, { kind: SpanKind.SERVER, parent: context.active() }, () => endpoint.call(payload as never)));
    }
    const consumers = this.endpoints<TopicConsumerOptions>(TOPIC_CONSUMER_METADATA);
    for (const endpoint of consumers) {
      const { groupId, topics, keepRetrying, batches } = endpoint.metadata;
      const call = (messages: readonly IncomingMessage[]) =>
        consumeInTrace(`${messages[0].topic} consumed by ${groupId}`, messages, async () => void (await endpoint.call((batches ? messages : messages[0]) as never)));
      const subscription = await this.bus.subscribe({
        groupId,
        topics,
        keepRetrying,
        handle: (message) => call([message]),
        handleBatch: batches ? (messages) => call(messages) : undefined,
      });
      this.subscriptions.push(subscription);
      this.logger.debug(`${endpoint.name} reads ${topics.join(', ')} as ${groupId}`);
    }
    if (consumers.length > 0) this.lagGauge = new ConsumerLagGauge(this.bus, consumers.map(({ metadata }) => metadata.groupId), this.logger);
  }

  /** The first step of a shutdown: no message is taken once the services begin to stop. */
  async onModuleDestroy(): Promise<void> {
    this.lagGauge?.stop();
    const subscriptions = this.subscriptions.splice(0);
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  }

  private endpoints<Metadata>(key: string): Array<Endpoint<Metadata>> {
    const found: Array<Endpoint<Metadata>> = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = instance[name] as (argument: never) => Promise<unknown>;
        const metadata = this.reflector.get<Metadata | undefined>(key, method);
        if (metadata !== undefined) found.push({ metadata, name: `${instance.constructor.name}.${name}`, call: method.bind(instance) });
      }
    }
    return found;
  }
}
