import { Logger } from '@nestjs/common';
import { ServiceError } from '../service-error';
import { openPayload, PayloadCipher, sealPayload, UnsealedPayloadError } from '../kafka/sealed-payload';
import { RpcClient, RpcFailures, RpcReply, RpcServer } from '../rpc.port';

/** Where a service answers queries on its own HTTP port. */
export const QUERY_PATH_PREFIX = '/internal/queries/';

/** How old a sealed query may be when it arrives: a captured one cannot be replayed later. */
const MAX_AGE_MS = 60_000;

/** What a sealed query carries: the method it is for and when it was sent, so it cannot be sent to another method or later. */
interface QueryEnvelope {
  method: string;
  sentAt: number;
  payload: unknown;
}

type Handler = (payload: unknown) => Promise<unknown>;

/**
 * Request/reply over HTTP for queries: the caller posts the sealed request to the owning
 * service's own port and reads the sealed reply. Only holders of the shared key can ask (the
 * request opens only with it) or read (webhook secrets travel in some replies). The server side
 * is a Fastify route the app registers; the handlers are those the service registered for the
 * same methods on any transport.
 */
export class HttpQueryServer implements RpcServer {
  private readonly logger = new Logger('HttpQueries');
  private readonly handlers = new Map<string, Handler>();

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
    if (envelope?.method !== method || typeof envelope.sentAt !== 'number' || Math.abs(Date.now() - envelope.sentAt) > MAX_AGE_MS) {
      this.logger.warn(`Refused a query for ${method}: sealed for another method or too old`);
      return { status: 403, body: { message: 'The query was sealed for another method, or too long ago.' } };
    }
    const handler = this.handlers.get(method);
    if (!handler) return { status: 200, body: sealPayload(failure(RpcFailures.notAvailable), this.cipher) };
    let reply: RpcReply;
    try {
      reply = { ok: true, result: (await handler(envelope.payload)) ?? null };
    } catch (error) {
      if (error instanceof ServiceError) reply = { ok: false, error: error.toBody() };
      else {
        this.logger.error(`Query ${method} failed: ${error instanceof Error ? error.message : String(error)}`);
        reply = failure(RpcFailures.handlerFailed);
      }
    }
    return { status: 200, body: sealPayload(reply, this.cipher) };
  }
}

const failure = (message: string): RpcReply => ({ ok: false, error: { kind: 'unavailable', message } });

/** The caller's side: a query to the service at `baseUrlOf(method)`, sealed, with a deadline. */
export class HttpQueryClient implements RpcClient {
  constructor(
    private readonly cipher: PayloadCipher,
    private readonly baseUrlOf: (method: string) => string,
    private readonly timeoutMs = 10_000,
  ) {}

  async request<Reply = unknown>(method: string, payload: unknown, options: { timeoutMs?: number } = {}): Promise<Reply> {
    const envelope: QueryEnvelope = { method, sentAt: Date.now(), payload };
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
    const reply = openPayload(await response.json(), this.cipher) as RpcReply;
    if (reply.ok) return reply.result as Reply;
    throw ServiceError.fromBody(reply.error);
  }
}
