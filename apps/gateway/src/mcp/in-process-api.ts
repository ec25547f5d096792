import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { ApiRequest } from './api-request-of';
import type { ApiAnswer } from './tool-result';

/** The part of Fastify's `inject` used here (the adapter's Fastify may be another copy than the app's types). */
interface Injector {
  inject(options: {
    method: ApiRequest['method'];
    url: string;
    headers: Record<string, string>;
    payload?: string;
    remoteAddress?: string;
  }): Promise<{ statusCode: number; headers: ApiAnswer['headers']; body: string }>;
}

/** Headers of the MCP request that an API request keeps: who is calling and from where. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'user-agent', 'traceparent', 'tracestate'];

/**
 * The API, called in-process as a client would call it over HTTP: Fastify routes the request
 * through the same hooks, guards, pipes, interceptors and exception filter, without a socket. The
 * request carries the caller's bearer token and comes from the caller's address (the rate limit of
 * requests without a valid token counts per address).
 */
export class InProcessApi {
  private readonly fastify: Injector;

  constructor(app: NestFastifyApplication) {
    this.fastify = app.getHttpAdapter().getInstance() as unknown as Injector;
  }

  async send(request: ApiRequest, caller: FastifyRequest, token: string): Promise<ApiAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers, authorization: `Bearer ${token}` };
    for (const name of FORWARDED_HEADERS) {
      const value = caller.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await this.fastify.inject({
      method: request.method,
      url: request.url,
      headers,
      payload: request.body === undefined ? undefined : JSON.stringify(request.body),
      remoteAddress: caller.socket.remoteAddress,
    });
    return { status: answer.statusCode, headers: answer.headers, text: answer.body };
  }
}
