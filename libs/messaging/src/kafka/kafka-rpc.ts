import { Logger } from '@nestjs/common';
import { context } from '@opentelemetry/api';
import { ServiceError } from '../service-error';
import { randomUUID } from 'node:crypto';
import { IncomingMessage, Subscription } from '../message-bus.port';
import { traceContextOf } from '../message-tracing';
import { RpcClient, RpcFailures, RpcReply, RpcServer } from '../rpc.port';
import { KafkaMessageBus, KafkaMessageBusOptions } from './kafka-message-bus';
import { recordRpcPhases, RpcTimingHeaders } from './rpc-phase-timings';
import { openPayload, PayloadCipher, sealPayload } from './sealed-payload';
import { errorMessage, errorStack } from '@app/errors';

type RpcHandler = (payload: unknown) => Promise<unknown>;

export const KafkaRpcHeaders = {
  method: 'method',
  correlationId: 'correlation-id',
  replyTo: 'reply-to',
  /** Epoch milliseconds after which the caller no longer waits; a server skips such a request. */
  deadline: 'deadline',
} as const;

export const rpcRequestTopic = (service: string): string => `rpc.${service}`;
export const rpcServerGroup = (service: string): string => `${service}.rpc`;
export const rpcReplyTopic = (instanceId: string): string => `rpc.replies.${instanceId}`;

export interface KafkaRpcOptions extends KafkaMessageBusOptions {
  /** Names this instance's reply topic and group (letters, digits, `.`, `_`, `-`). Default: a random uuid. */
  instanceId?: string;
  /** How long a caller waits for a reply unless the request says otherwise. Default 10000. */
  timeoutMs?: number;
  /** The service that answers a method: it names the method's request topic. */
  serviceOf: (method: string) => string;
  /**
   * Seals every request and reply payload with the key the services share: provider credentials
   * and webhook secrets never travel, nor stay in the topics, in clear text. A request or reply
   * that is not sealed is refused.
   */
  cipher?: PayloadCipher;
}

interface PendingRequest {
  method: string;
  settle(reply: RpcReply): void;
  /** Epoch milliseconds: when request() was called, and when the request was written (0 until then). */
  startedAt: number;
  producedAt: number;
}

/**
 * Request/reply over Kafka, on a connection of its own (so replies never queue behind the app's
 * event traffic). A request goes to `rpc.<service>`, keyed by its correlation id so requests
 * spread over the partitions, with the headers method, correlation-id, reply-to and deadline;
 * the reply comes back on this instance's `rpc.replies.<instance-id>`. A server answers the
 * requests of different partitions in parallel, one at a time within a partition.
 *
 * Server: handle() registers the handler and, for the first method of a service, starts consuming
 * the service's request topic in group `<service>.rpc` (on the next tick, so methods registered
 * together are all in place). whenServing() resolves once those consumers have joined their groups.
 * Client: the reply consumer starts on the first request (or on startClient(), to pay the group
 * join at boot); the timeout counts from the call. Requests and replies are never retried: a
 * caller that got no answer gets ServiceError('unavailable'), and a server skips a request whose
 * deadline has passed, so a command the caller gave up on does not run later. With a cipher, the
 * values of requests and replies are `{"sealed": ...}` (see sealed-payload.ts); with an
 * authenticator they are signed, so that the actor a request carries is trusted only from a key holder.
 */
export class KafkaRpc implements RpcClient, RpcServer {
  private readonly logger = new Logger(KafkaRpc.name);
  private readonly handlers = new Map<string, RpcHandler>();
  private readonly serving = new Map<string, Promise<Subscription>>();
  private readonly pending = new Map<string, PendingRequest>();
  private readonly bus: KafkaMessageBus;
  private readonly timeoutMs: number;
  private readonly serviceOf: (method: string) => string;
  private readonly cipher?: PayloadCipher;
  readonly replyTopic: string;
  private replies?: Promise<Subscription>;
  private closed = false;

  constructor(options: KafkaRpcOptions) {
    const { instanceId = randomUUID(), timeoutMs = 10_000, serviceOf, cipher, ...busOptions } = options;
    this.serviceOf = serviceOf;
    if (!/^[A-Za-z0-9._-]{1,200}$/.test(instanceId)) throw new Error(`KafkaRpc instanceId "${instanceId}" cannot name a Kafka topic.`);
    this.replyTopic = rpcReplyTopic(instanceId);
    this.timeoutMs = timeoutMs;
    this.cipher = cipher;
    this.bus = new KafkaMessageBus(busOptions);
  }

  handle(method: string, handler: RpcHandler): void {
    if (this.closed) throw new Error('KafkaRpc is closed.');
    if (this.handlers.has(method)) throw new Error(`RPC method "${method}" already has a handler.`);
    this.handlers.set(method, handler);
    const service = this.serviceOf(method);
    if (!this.serving.has(service)) {
      const started = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.serve(service));
      started.catch((error) => this.logger.error(`Could not start serving ${service} requests: ${errorMessage(error)}`));
      this.serving.set(service, started);
    }
  }

  /** Resolves when every service with a registered handler is consuming its requests (rejects if one could not start). */
  async whenServing(): Promise<void> {
    await Promise.all(this.serving.values());
  }

  /** Starts the reply consumer; request() does it itself, this only moves the wait to a chosen moment. */
  startClient(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('KafkaRpc is closed.'));
    if (!this.replies) {
      this.replies = this.bus.subscribe({ groupId: this.replyTopic, topics: [this.replyTopic], handle: (message) => this.receiveReply(message) });
      this.replies.catch(() => (this.replies = undefined));
    }
    return this.replies.then(() => undefined);
  }

  async request<Reply = unknown>(method: string, payload: unknown, options: { timeoutMs?: number } = {}): Promise<Reply> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const correlationId = randomUUID();
    const reply = await new Promise<RpcReply>((resolve) => {
      const timer = setTimeout(() => {
        this.logger.warn(`RPC ${method} (${correlationId}) got no answer within ${timeoutMs} ms`);
        settle({ ok: false, error: { kind: 'unavailable', message: RpcFailures.timedOut } });
      }, timeoutMs);
      const settle = (answer: RpcReply) => {
        clearTimeout(timer);
        this.pending.delete(correlationId);
        resolve(answer);
      };
      const pending: PendingRequest = { method, settle, startedAt: Date.now(), producedAt: 0 };
      this.pending.set(correlationId, pending);
      this.send(method, payload, correlationId, Date.now() + timeoutMs).then(() => (pending.producedAt = Date.now()), (error) => {
        if (!this.pending.has(correlationId)) return;
        this.logger.error(`RPC ${method} (${correlationId}) could not be sent: ${errorMessage(error)}`);
        settle({ ok: false, error: { kind: 'unavailable', message: RpcFailures.notAvailable } });
      });
    });
    if (reply.ok) return reply.result as Reply;
    throw ServiceError.fromBody(reply.error);
  }

  /** Stops consuming requests and replies and disconnects; callers still waiting get `unavailable`. */
  async close(): Promise<void> {
    this.closed = true;
    const subscriptions = await Promise.allSettled([...this.serving.values(), ...(this.replies ? [this.replies] : [])]);
    await Promise.allSettled(subscriptions.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
    for (const request of [...this.pending.values()]) {
      request.settle({ ok: false, error: { kind: 'unavailable', message: RpcFailures.notAvailable } });
    }
    await this.bus.close();
  }

  private async send(method: string, payload: unknown, correlationId: string, deadline: number): Promise<void> {
    await this.startClient();
    await this.bus.publish(rpcRequestTopic(this.serviceOf(method)), [
      {
        key: correlationId,
        value: this.seal(payload),
        headers: {
          [KafkaRpcHeaders.method]: method,
          [KafkaRpcHeaders.correlationId]: correlationId,
          [KafkaRpcHeaders.replyTo]: this.replyTopic,
          [KafkaRpcHeaders.deadline]: String(deadline),
        },
      },
    ]);
  }

  private async serve(service: string): Promise<Subscription> {
    if (this.closed) throw new Error('KafkaRpc is closed.');
    const subscription = await this.bus.subscribe({
      groupId: rpcServerGroup(service),
      topics: [rpcRequestTopic(service)],
      handle: (message) => this.answer(message),
    });
    this.logger.log(`Serving ${service} requests from ${rpcRequestTopic(service)}`);
    return subscription;
  }

  /** Never throws: a request is answered once (or dropped when nobody waits), never retried by the bus. */
  private async answer(message: IncomingMessage): Promise<void> {
    const method = message.headers[KafkaRpcHeaders.method];
    const correlationId = message.headers[KafkaRpcHeaders.correlationId];
    const replyTo = message.headers[KafkaRpcHeaders.replyTo];
    if (!method || !correlationId || !replyTo) {
      this.logger.warn(`Dropped an RPC request without method, correlation-id or reply-to (${message.topic}/${message.partition}@${message.offset})`);
      return;
    }
    const deadline = Number(message.headers[KafkaRpcHeaders.deadline]);
    if (Number.isFinite(deadline) && deadline < Date.now()) {
      this.logger.warn(`Skipped RPC ${method} (${correlationId}): its caller stopped waiting ${Date.now() - deadline} ms ago`);
      return;
    }
    const receivedAt = Date.now();
    // The handler runs in the trace of the request's caller.
    const reply = await context.with(traceContextOf(message.headers), () => this.run(method, correlationId, message.value));
    const headers = {
      [KafkaRpcHeaders.correlationId]: correlationId,
      [RpcTimingHeaders.receivedAt]: String(receivedAt),
      [RpcTimingHeaders.handledMs]: String(Date.now() - receivedAt),
    };
    try {
      await this.bus.publish(replyTo, [{ key: correlationId, value: this.seal(reply), headers }]);
    } catch (error) {
      this.logger.error(`Could not reply to RPC ${method} (${correlationId}) on ${replyTo}: ${errorMessage(error)}`);
    }
  }

  private async run(method: string, correlationId: string, value: unknown): Promise<RpcReply> {
    const handler = this.handlers.get(method);
    if (!handler) {
      this.logger.error(`No handler for RPC method ${method} (${correlationId})`);
      return { ok: false, error: { kind: 'unavailable', message: RpcFailures.notAvailable } };
    }
    let payload: unknown;
    try {
      payload = this.open(value);
    } catch (error) {
      this.logger.error(`Refused RPC ${method} (${correlationId}): ${errorMessage(error)}`);
      return { ok: false, error: { kind: 'unavailable', message: RpcFailures.handlerFailed } };
    }
    try {
      return { ok: true, result: await handler(payload) };
    } catch (error) {
      if (error instanceof ServiceError) return { ok: false, error: error.toBody() };
      this.logger.error(`RPC ${method} (${correlationId}) failed: ${errorMessage(error)}`, errorStack(error));
      return { ok: false, error: { kind: 'unavailable', message: RpcFailures.handlerFailed } };
    }
  }

  private async receiveReply(message: IncomingMessage): Promise<void> {
    const correlationId = message.headers[KafkaRpcHeaders.correlationId] ?? message.key;
    const request = this.pending.get(correlationId);
    if (!request) {
      this.logger.debug(`Ignored a reply nobody waits for (${correlationId}); its request timed out or came from an earlier run`);
      return;
    }
    let reply: Partial<RpcReply> | null;
    try {
      reply = this.open(message.value) as Partial<RpcReply> | null;
    } catch (error) {
      reply = null;
      this.logger.error(`RPC ${request.method} (${correlationId}): ${errorMessage(error)}`);
    }
    if (reply?.ok === true || (reply?.ok === false && reply.error)) {
      request.settle(reply as RpcReply);
      if (request.producedAt > 0) recordRpcPhases(request.method, { startedAt: request.startedAt, producedAt: request.producedAt, repliedAt: Date.now(), headers: message.headers });
      return;
    }
    this.logger.error(`RPC ${request.method} (${correlationId}) got a malformed reply`);
    request.settle({ ok: false, error: { kind: 'unavailable', message: RpcFailures.handlerFailed } });
  }

  /** A payload as it goes on the wire: sealed when a cipher is configured. */
  private seal(payload: unknown): unknown {
    return this.cipher ? sealPayload(payload, this.cipher) : payload;
  }

  private open(value: unknown): unknown {
    return this.cipher ? openPayload(value, this.cipher) : value;
  }
}
