import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { ServiceError } from '../service-error';
import { openPayload, PayloadCipher, sealPayload, UnsealedPayloadError } from '../kafka/sealed-payload';
import { RpcClient, RpcFailures, RpcReply, RpcServer } from '../rpc.port';
import { AcceptedQueryIds } from './accepted-query-ids';
import { errorMessage } from '@app/errors';

/** Where a service answers queries on its own HTTP port. */
export const QUERY_PATH_PREFIX = '/internal/queries/';

/** How long a caller waits for the answer to a query unless it says otherwise. */
const QUERY_TIMEOUT_MS = 10_000;

/**
 * How far the clocks of two services may be apart. Containers keep their clocks synchronized to
 * within milliseconds; this leaves ample room, and bounds how long a query is remembered.
 */
export const CLOCK_SKEW_TOLERANCE_MS = 5_000;

/** How old a sealed query may be when it arrives: its caller no longer waits for it after that. */
const MAX_AGE_MS = QUERY_TIMEOUT_MS + CLOCK_SKEW_TOLERANCE_MS;

/**
 * What a sealed query carries: a random id, so that it is answered once; the method it is for and
 * when it was sent, so it cannot be sent to another method, or later.
 */
interface QueryEnvelope {
  id: string;
  method: string;
  sentAt: number;
  payload: unknown;
}

/** A sealed reply names the query it answers: a reply captured earlier cannot stand in for another. */
type QueryReply = RpcReply & { queryId: string };

type Handler = (payload: unknown) => Promise<unknown>;

/**
 * Request/reply over HTTP for queries: the caller posts the sealed request to the owning
 * service's own port and reads the sealed reply. Only holders of the shared key can ask (the
 * request opens only with it) or read (webhook secrets travel in some replies). A query is
 * answered once: its id, remembered while it is young enough to be accepted, refuses a replay,
 * and the reply names it, so the caller takes no other reply for its answer. The server side
 * is a Fastify route the app registers; the handlers are those the service registered for the
 * same methods on any transport.
 */
export class HttpQueryServer implements RpcServer {
  private readonly logger = new Logger('HttpQueries');
  private readonly handlers = new Map<string, Handler>();
  private readonly accepted = new AcceptedQueryIds();

  constructor(
    private readonly cipher: PayloadCipher,
    private readonly queryMethods: ReadonlySet<string>,
  ) {}

  handle(method: string, handler: Handler): void {
    if (this.queryMethods.has(method)) this.handlers.set(method, handler);
  }

  /** The answer to `POST /internal/queries/<method>` with `body`: an HTTP status and a JSON body. */
  async answer(method: string, body: unknown): Promise<{ status: number; body: unknown }> {
    let envelope: QueryEnvelope;
    try {
      envelope = openPayload(body, this.cipher) as QueryEnvelope;
    } catch (error) {
      const reason = error instanceof UnsealedPayloadError ? 'it is not sealed' : 'it does not open with the shared key';
      this.logger.warn(`Refused a query for ${method}: ${reason}`);
      return { status: 401, body: { message: 'The query must be sealed with the shared key.' } };
    }
    const refusal = this.refusalOf(envelope, method);
    if (refusal) {
      // The reason only: never the payload, which may hold what the query asks about.
      this.logger.warn(`Refused a query for ${method}: ${refusal}`);
      return { status: 403, body: { message: 'The query was sealed for another method, too long ago, or was already answered.' } };
    }
    const handler = this.handlers.get(method);
    if (!handler) return { status: 200, body: sealPayload(answering(envelope, failure(RpcFailures.notAvailable)), this.cipher) };
    let reply: RpcReply;
    try {
      reply = { ok: true, result: (await handler(envelope.payload)) ?? null };
    } catch (error) {
      if (error instanceof ServiceError) reply = { ok: false, error: error.toBody() };
      else {
        this.logger.error(`Query ${method} failed: ${errorMessage(error)}`);
        reply = failure(RpcFailures.handlerFailed);
      }
    }
    return { status: 200, body: sealPayload(answering(envelope, reply), this.cipher) };
  }

  /** Why a query that opened with the key is not answered; null when it is to be. */
  private refusalOf(envelope: Partial<QueryEnvelope> | null, method: string): string | null {
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

const answering = (envelope: QueryEnvelope, reply: RpcReply): QueryReply => ({ ...reply, queryId: envelope.id });

/** The caller's side: a query to the service at `baseUrlOf(method)`, sealed, with a deadline. */
export class HttpQueryClient implements RpcClient {
  constructor(
    private readonly cipher: PayloadCipher,
    private readonly baseUrlOf: (method: string) => string,
    private readonly timeoutMs = QUERY_TIMEOUT_MS,
  ) {}

  async request<Reply = unknown>(method: string, payload: unknown, options: { timeoutMs?: number } = {}): Promise<Reply> {
    const envelope: QueryEnvelope = { id: randomUUID(), method, sentAt: Date.now(), payload };
    let response: Response;
    try {
      response = await fetch(`${this.baseUrlOf(method)}${QUERY_PATH_PREFIX}${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sealPayload(envelope, this.cipher)),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new ServiceError('unavailable', timedOut ? RpcFailures.timedOut : RpcFailures.notAvailable);
    }
    if (response.status !== 200) throw new ServiceError('unavailable', RpcFailures.notAvailable);
    const reply = openPayload(await response.json(), this.cipher) as QueryReply;
    if (reply.queryId !== envelope.id) throw new ServiceError('unavailable', RpcFailures.notAvailable);
    if (reply.ok) return reply.result as Reply;
    throw ServiceError.fromBody(reply.error);
  }
}
