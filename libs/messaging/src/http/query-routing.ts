import { RpcClient, RpcServer } from '../rpc.port';
import { HttpQueryClient, HttpQueryServer } from './http-query';

/**
 * Request/reply with the queries on HTTP: a handler is registered on the bus and, when its method
 * is a query, on the service's own query endpoint too; a request for a query goes to the owning
 * service's query endpoint, every other request over the bus.
 */
export class QueryRouting implements RpcClient, RpcServer {
  constructor(
    private readonly bus: RpcClient & RpcServer,
    private readonly server: HttpQueryServer,
    private readonly client: HttpQueryClient | null,
    private readonly isQuery: (method: string) => boolean,
  ) {}

  handle(method: string, handler: (payload: unknown) => Promise<unknown>): void {
    this.bus.handle(method, handler);
    this.server.handle(method, handler);
  }

  request<Reply = unknown>(method: string, payload: unknown, options?: { timeoutMs?: number }): Promise<Reply> {
    return this.client && this.isQuery(method) ? this.client.request<Reply>(method, payload, options) : this.bus.request<Reply>(method, payload, options);
  }
}
