import { Logger } from '@nestjs/common';
import { ServiceError } from '../service-error';
import { RpcClient, RpcFailures, RpcReply, RpcServer } from '../rpc.port';
import { errorMessage, errorStack } from '@app/errors';

type RpcHandler = (payload: unknown) => Promise<unknown>;

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Request/reply as a call inside the process, with the guarantees of a wire: the payload and the
 * reply are JSON copies (nothing shared by reference), a ServiceError comes back as a ServiceError,
 * any other failure stays on the server's side (logged) and reaches the caller as `unavailable`.
 */
export class InProcessRpc implements RpcClient, RpcServer {
  private readonly logger = new Logger(InProcessRpc.name);
  private readonly handlers = new Map<string, RpcHandler>();

  handle(method: string, handler: RpcHandler): void {
    if (this.handlers.has(method)) throw new Error(`RPC method "${method}" already has a handler.`);
    this.handlers.set(method, handler);
  }

  async request<Reply = unknown>(method: string, payload: unknown, options: { timeoutMs?: number } = {}): Promise<Reply> {
    const handler = this.handlers.get(method);
    if (!handler) {
      this.logger.error(`No handler for RPC method ${method}`);
      throw new ServiceError('unavailable', RpcFailures.notAvailable);
    }
    const request = jsonCopy(payload);
    const reply = await this.withTimeout(method, this.serve(method, handler, request), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    if (reply.ok) return reply.result as Reply;
    throw ServiceError.fromBody(reply.error);
  }

  private async serve(method: string, handler: RpcHandler, payload: unknown): Promise<RpcReply> {
    try {
      return jsonCopy({ ok: true, result: await handler(payload) });
    } catch (error) {
      if (error instanceof ServiceError) return jsonCopy({ ok: false, error: error.toBody() });
      this.logger.error(
        `RPC ${method} failed: ${errorMessage(error)}`,
        errorStack(error),
      );
      return { ok: false, error: { kind: 'unavailable', message: RpcFailures.handlerFailed } };
    }
  }

  private withTimeout(method: string, reply: Promise<RpcReply>, timeoutMs: number): Promise<RpcReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.logger.warn(`RPC ${method} did not answer within ${timeoutMs} ms`);
        reject(new ServiceError('unavailable', RpcFailures.timedOut));
      }, timeoutMs);
      void reply.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }
}

/** What a JSON transport delivers: `undefined` stays absent, dates become strings, classes plain objects. */
function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
