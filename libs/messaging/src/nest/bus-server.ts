import { Logger, OnModuleDestroy } from '@nestjs/common';
import { BaseRpcContext, CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { context, SpanKind } from '@opentelemetry/api';
import { lastValueFrom } from 'rxjs';
import { ConsumerLagGauge } from './consumer-lag-gauge';
import { IncomingMessage, MessageBus, Subscription } from '../message-bus.port';
import { consumeInTrace, inSpan } from '../message-tracing';
import { RpcServer } from '../rpc.port';

/**
 * The extras of an `@EventPattern` whose pattern is a consumer group:
 * `@EventPattern(ConsumerGroups.x, { topics: [Topics.y] } satisfies ConsumerGroupOptions)`.
 */
export interface ConsumerGroupOptions {
  topics: readonly string[];
  /** See SubscribeOptions.keepRetrying. */
  keepRetrying?: boolean;
  /**
   * The handler takes `readonly IncomingMessage[]`: the messages of one partition the adapter
   * fetched together, to be handled all or nothing (one transaction). A batch that fails is handed
   * over again one message at a time, so that retries and dead letters concern one message.
   */
  batches?: boolean;
}

/** What a handler's second argument says: the pattern it was reached by (a method, or a consumer group). */
export class BusContext extends BaseRpcContext<[pattern: string]> {
  get pattern(): string {
    return this.args[0];
  }
}

/**
 * The Nest microservices transport of the service, over its own message bus and request/reply
 * (Kafka's, or the durable in-process one): an `@MessagePattern(method)` handler answers a
 * request/reply method (a ServiceError it throws reaches the caller); an `@EventPattern(group,
 * ConsumerGroupOptions)` handler is a consumer group reading its topics, with the bus's retries
 * and dead letters (see SubscribeOptions.handle). Each handler runs in the trace its message
 * carried. It is a provider of the infrastructure module, so that its subscriptions stop first
 * when the application shuts down, before the services they call. The lag of its groups is the
 * app's `consumer_lag_messages` metric.
 */
export class BusServer extends Server implements CustomTransportStrategy, OnModuleDestroy {
  private readonly log = new Logger('MessageHandlers');
  private subscriptions: Subscription[] = [];
  private lagGauge?: ConsumerLagGauge;

  constructor(
    private readonly bus: MessageBus,
    private readonly rpc: RpcServer,
  ) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    this.start().then(() => callback(), callback);
  }

  async close(): Promise<void> {
    this.lagGauge?.stop();
    this.lagGauge = undefined;
    const subscriptions = this.subscriptions.splice(0);
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  }

  /** The first step of a shutdown: no message is taken once the services begin to stop. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  on(): never {
    throw new Error('The message bus transport has no events to listen to.');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  private async start(): Promise<void> {
    const groups: string[] = [];
    for (const [pattern, handler] of this.messageHandlers) {
      if (handler.isEventHandler) {
        await this.consume(pattern, handler);
        groups.push(pattern);
      } else {
        this.answer(pattern, handler);
      }
    }
    if (groups.length > 0) this.lagGauge = new ConsumerLagGauge(this.bus, groups, this.log);
  }

  private answer(method: string, handler: MessageHandler): void {
    // The request's trace is the active one: the caller's in process, the one its HTTP request carried in distributed mode.
    const name = `rpc ${method}`;
    this.rpc.handle(method, (payload) => inSpan(name, { kind: SpanKind.SERVER, parent: context.active() }, () => this.run(handler, payload, method)));
  }

  private async consume(groupId: string, handler: MessageHandler): Promise<void> {
    const { topics, keepRetrying, batches } = handler.extras as ConsumerGroupOptions;
    const call = (messages: readonly IncomingMessage[]) => consumeInTrace(`${messages[0].topic} consumed by ${groupId}`, messages, () => this.run(handler, batches ? messages : messages[0], groupId));
    const subscription = await this.bus.subscribe({
      groupId,
      topics,
      keepRetrying,
      handle: async (message) => void (await call([message])),
      handleBatch: batches ? async (messages) => void (await call(messages)) : undefined,
    });
    this.subscriptions.push(subscription);
    this.log.debug(`${groupId} reads ${topics.join(', ')}`);
  }

  /** Runs the handler through Nest's pipes, interceptors and filters; resolves to what it answers, rejects with what it threw. */
  private async run(handler: MessageHandler, data: unknown, pattern: string): Promise<unknown> {
    return lastValueFrom(this.transformToObservable(await handler(data, new BusContext([pattern]))), { defaultValue: undefined });
  }
}
