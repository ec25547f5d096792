import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { ServiceError } from '../service-error';
import { openPayload, PayloadCipher, sealPayload, UnsealedPayloadError } from '../kafka/sealed-payload';
import { RpcClient, RpcFailures, RpcReply, RpcServer } from '../rpc.port';
import { traceFields } from '../message-tracing';
import { AcceptedRequestIds } from './accepted-request-ids';
import { recordRpcPhases } from './rpc-phase-timings';
import { errorMessage } from '@app/errors';

/** Where a service answers the requests of other services on its own HTTP port. */
export const RPC_PATH_PREFIX = '/internal/rpc/';

/** How long a caller waits for the answer to a request unless it says otherwise. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * How far the clocks of two services may be apart. Containers keep their clocks synchronized to
 * within milliseconds; this leaves ample room, and bounds how long a request is remembered.
 */
export const CLOCK_SKEW_TOLERANCE_MS = 5_000;

/** How old a sealed request may be when it arrives: its caller no longer waits for it after that. */
const MAX_AGE_MS = REQUEST_TIMEOUT_MS + CLOCK_SKEW_TOLERANCE_MS;

/**
 * What a sealed request carries: a random id, so that it is answered once; the method it is for and
 * when it was sent, so it cannot be sent to another method, or later.
 */
interface RequestEnvelope {
  id: string;
  method: string;
  sentAt: number;
  payload: unknown;
}

/** A sealed reply names the request it answers (a reply captured earlier cannot stand in for another), and how long its handler took. */
type SealedReply = RpcReply & { requestId: string; handledMs?: number };

type Handler = (payload: unknown) => Promise<unknown>;

/**
 * Request/reply between the services of distributed mode, over HTTP: the caller posts the sealed
 * request to the owning service's own port (`POST /internal/rpc/<method>`) and reads the sealed
 * reply on the same connection. Only holders of the shared key can ask (the request opens only
 * with it) or read (credentials and webhook secrets travel in some). A request is answered once:
 * its id, remembered while it is young enough to be accepted, refuses a replay, and the reply names
 * it, so the caller takes no other reply for its answer. The server side is a Fastify route every
 * app registers; the handlers are the app's `@MessagePattern` methods.
 */
export class HttpRpcServer implements RpcServer {
  private readonly logger = new Logger('HttpRpc');
  private readonly handlers = new Map<string, Handler>();
  private readonly accepted = new AcceptedRequestIds();

  constructor(private readonly cipher: PayloadCipher) {}

  handle(method: string, handler: Handler): void {
    this.handlers.set(method, handler);
  }

  /** The answer to `POST /internal/rpc/<method>` with `body`: an HTTP status and a JSON body. */
  async answer(method: string, body: unknown): Promise<{ status: number; body: unknown }> {
    let envelope: RequestEnvelope;
    try {
      envelope = openPayload(body, this.cipher) as RequestEnvelope;
    } catch (error) {
      const reason = error instanceof UnsealedPayloadError ? 'it is not sealed' : 'it does not open with the shared key';
      this.logger.warn(`Refused a request for ${method}: ${reason}`);
      return { status: 401, body: { message: 'The request must be sealed with the shared key.' } };
    }
    const refusal = this.refusalOf(envelope, method);
    if (refusal) {
      // The reason only: never the payload, which may hold credentials.
      this.logger.warn(`Refused a request for ${method}: ${refusal}`);
      return { status: 403, body: { message: 'The request was sealed for another method, too long ago, or was already answered.' } };
    }
    const handler = this.handlers.get(method);
    if (!handler) return { status: 200, body: sealPayload(answering(envelope, failure(RpcFailures.notAvailable)), this.cipher) };
    let reply: RpcReply;
    const startedAt = performance.now();
    try {
      reply = { ok: true, result: (await handler(envelope.payload)) ?? null };
    } catch (error) {
      if (error instanceof ServiceError) reply = { ok: false, error: error.toBody() };
      else {
        this.logger.error(`Request ${method} failed: ${errorMessage(error)}`);
        reply = failure(RpcFailures.handlerFailed);
      }
    }
    return { status: 200, body: sealPayload({ ...answering(envelope, reply), handledMs: Math.round((performance.now() - startedAt) * 1000) / 1000 }, this.cipher) };
  }

  /** Why a request that opened with the key is not answered; null when it is to be. */
  private refusalOf(envelope: Partial<RequestEnvelope> | null, method: string): string | null {
    if (envelope?.method !== method) return 'it was sealed for another method';
    const { id, sentAt } = envelope;
    if (typeof id !== 'string' || id.length < 16 || id.length > 64) return 'it carries no id';
    const now = Date.now();
    if (typeof sentAt !== 'number' || !Number.isFinite(sentAt) || now - sentAt >= MAX_AGE_MS || sentAt - now > CLOCK_SKEW_TOLERANCE_MS) {
      return 'it was sent too long ago, or in the future';
    }
    // Remembered until it is too old anyway: from then on its age refuses it.
    if (!this.accepted.accept(id, sentAt + MAX_AGE_MS, now)) return 'it was answered before (a replay)';
    return null;
  }
}

const failure = (message: string): RpcReply => ({ ok: false, error: { kind: 'unavailable', message } });

const answering = (envelope: RequestEnvelope, reply: RpcReply): SealedReply => ({ ...reply, requestId: envelope.id });

/**
 * The caller's side: a request to the service that owns `method`, at `baseUrlOf(method)`, sealed,
 * with a deadline (the caller's, or 10 s). Keep-alive connections are pooled per service by
 * Node's fetch, so a request costs one round trip on a warm connection.
 */
export class HttpRpcClient implements RpcClient {
  constructor(
    private readonly cipher: PayloadCipher,
    private readonly baseUrlOf: (method: string) => string,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {}

  async request<Reply = unknown>(method: string, payload: unknown, options: { timeoutMs?: number } = {}): Promise<Reply> {
    const envelope: RequestEnvelope = { id: randomUUID(), method, sentAt: Date.now(), payload };
    const startedAt = performance.now();
    let response: Response;
    try {
      response = await fetch(`${this.baseUrlOf(method)}${RPC_PATH_PREFIX}${encodeURIComponent(method)}`, {
        method: 'POST',
        // The server's handler runs in the caller's trace.
        headers: { 'content-type': 'application/json', ...traceFields() },
        body: JSON.stringify(sealPayload(envelope, this.cipher)),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new ServiceError('unavailable', timedOut ? RpcFailures.timedOut : RpcFailures.notAvailable);
    }
    if (response.status !== 200) throw new ServiceError('unavailable', RpcFailures.notAvailable);
    const reply = openPayload(await response.json(), this.cipher) as SealedReply;
    if (reply.requestId !== envelope.id) throw new ServiceError('unavailable', RpcFailures.notAvailable);
    recordRpcPhases(method, performance.now() - startedAt, reply.handledMs);
    if (reply.ok) return reply.result as Reply;
    throw ServiceError.fromBody(reply.error);
  }
}

/** Both sides in one: what an app of distributed mode asks and answers with. */
export class HttpRpc implements RpcClient, RpcServer {
  constructor(
    readonly server: HttpRpcServer,
    private readonly client: HttpRpcClient,
  ) {}

  handle(method: string, handler: Handler): void {
    this.server.handle(method, handler);
  }

  request<Reply = unknown>(method: string, payload: unknown, options?: { timeoutMs?: number }): Promise<Reply> {
    return this.client.request<Reply>(method, payload, options);
  }
}
