import { ServiceErrorBody } from './service-error';

/**
 * Request/reply between services, for the commands and queries whose caller waits for an answer
 * (the gateway's). In-process it is a call; over Kafka a request topic and a reply topic with a
 * correlation id. A handler's ServiceError travels back and is thrown again at the caller.
 */
export interface RpcClient {
  request<Reply = unknown>(method: string, payload: unknown, options?: { timeoutMs?: number }): Promise<Reply>;
}

export interface RpcServer {
  handle(method: string, handler: (payload: unknown) => Promise<unknown>): void;
}

export type RpcReply = { ok: true; result: unknown } | { ok: false; error: ServiceErrorBody };

export const RPC_CLIENT = Symbol('RPC_CLIENT');
export const RPC_SERVER = Symbol('RPC_SERVER');

/** What a caller is told when a request/reply fails on the way, the same on every transport. */
export const RpcFailures = {
  notAvailable: 'The service is not available.',
  handlerFailed: 'The service could not handle the request.',
  timedOut: 'The service did not answer in time.',
} as const;
