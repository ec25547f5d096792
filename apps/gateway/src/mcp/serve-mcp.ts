import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { bearerTokenOf } from '../auth/authenticated-user';
import { authenticateOrCharge } from '../auth/authentication.guard';
import { RateLimits } from '../auth/rate-limit/rate-limits';
import { TokenStore } from '../auth/token-store';
import { errorResponseOf } from '../http/error-response';
import { apiRequestOf } from './api-request-of';
import { InProcessApi } from './in-process-api';
import { API_TOOLS } from './mcp-tools';
import { bindTool, OpenApiDocument, ToolBinding } from './tool-binding';
import { toolResultOf, toolValidationError } from './tool-result';
import { errorDetail } from '@app/errors';

export const MCP_PATH = '/mcp';

/** JSON-RPC's code for an internal error. */
const INTERNAL_ERROR = -32603;

/** The MCP SDK's parts this server uses. */
interface McpSdk {
  McpServer: typeof import('@modelcontextprotocol/sdk/server/mcp.js').McpServer;
  StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport;
  types: typeof import('@modelcontextprotocol/sdk/types.js');
}

let loadedSdk: Promise<McpSdk> | undefined;

/**
 * The MCP SDK (with zod under it, some 30 MB of memory) is loaded at the first MCP request, not at
 * start: a service no MCP client talks to does not hold it.
 */
function mcpSdk(): Promise<McpSdk> {
  loadedSdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([server, transport, types]) => ({ McpServer: server.McpServer, StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport, types }));
  return loadedSdk;
}

/**
 * The Model Context Protocol over Streamable HTTP at /mcp, stateless: every POST is answered on its
 * own by a server made for it (no session to keep, any replica answers). The caller signs in with
 * the API's `Authorization: Bearer` token (no cookie: a page of another site cannot use /mcp in a
 * user's name); a tool call is the API request of its operation, made in-process with the caller's
 * token, so that it passes the same guards, rate limits, validation, idempotency and error answers
 * as over HTTP. Every message counts once against the token's rate limit: a tool call through its
 * API request, any other message (initialize, tools/list, a call that never reaches the API) itself.
 * The server's version is the API's (the document's).
 */
export function serveMcp(app: NestFastifyApplication, document: OpenAPIObject): void {
  const fastify = app.getHttpAdapter().getInstance();
  const bindings = new Map(API_TOOLS.map((tool) => [tool.name, bindTool(tool, document as unknown as OpenApiDocument)]));
  const api = new InProcessApi(app);
  const tokens = (): TokenStore => app.get(TokenStore, { strict: false });
  const limits = (): RateLimits => app.get(RateLimits, { strict: false });

  fastify.post(MCP_PATH, async (adapterRequest, reply) => {
    // (Nest's adapter brings its own copy of Fastify's types; the request is the same object.)
    const request = adapterRequest as unknown as FastifyRequest;
    const token = bearerTokenOf(request);
    try {
      await limits().refuseExhaustedAddress(request, token);
      const user = await authenticateOrCharge(tokens(), limits(), request, token);
      if (!reachesApi(bindings, request.body)) limits().countAuthenticated(user.tokenId);
    } catch (error) {
      const answer = errorResponseOf(error);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    reply.hijack();
    try {
      const sdk = await mcpSdk();
      const server = mcpServerFor(sdk, bindings, (binding, args) => callTool(api, request, token!, binding, args), document.info.version);
      const transport = new sdk.StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on('close', () => void transport.close().finally(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      new Logger('Mcp').error(`POST ${MCP_PATH} failed: ${errorDetail(error)}`);
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: INTERNAL_ERROR, message: 'Internal server error.' }, id: null }));
    }
  });
  // Stateless: no stream to open (GET) and no session to end (DELETE).
  const notAllowed = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, send POST.' }, id: null };
  fastify.get(MCP_PATH, (_request, reply) => reply.code(405).header('allow', 'POST').send(notAllowed));
  fastify.delete(MCP_PATH, (_request, reply) => reply.code(405).header('allow', 'POST').send(notAllowed));
}

type ToolCaller = (binding: ToolBinding, args: Record<string, unknown>) => ReturnType<typeof toolResultOf> | Promise<ReturnType<typeof toolResultOf>>;

/**
 * A server with the tools of the document. McpServer's own tools take zod schemas; these are
 * JSON Schema from the OpenAPI document, so the two tool requests are answered directly.
 */
function mcpServerFor(sdk: McpSdk, bindings: ReadonlyMap<string, ToolBinding>, call: ToolCaller, version: string): McpServer {
  const { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } = sdk.types;
  const server = new sdk.McpServer({ name: 'social-publishing-service', version }, { capabilities: { tools: { listChanged: false } } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...bindings.values()].map((binding) => binding.tool) }));
  server.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const binding = bindings.get(request.params.name);
    if (!binding) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return call(binding, request.params.arguments ?? {});
  });
  return server;
}

async function callTool(api: InProcessApi, request: FastifyRequest, token: string, binding: ToolBinding, args: Record<string, unknown>) {
  const made = apiRequestOf(binding, args);
  if ('errors' in made) return toolValidationError(made.errors);
  return toolResultOf(await api.send(made.request, request, token));
}

/**
 * Whether the message is a call of a known tool with its path arguments, which makes an API
 * request: that request counts against the token's rate limit, so the message does not. Every
 * other message counts on its own.
 */
function reachesApi(bindings: ReadonlyMap<string, ToolBinding>, body: unknown): boolean {
  const message = (typeof body === 'object' && body !== null ? body : {}) as { method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (message.method !== 'tools/call' || typeof message.params?.name !== 'string') return false;
  const binding = bindings.get(message.params.name);
  const args = message.params.arguments ?? {};
  return binding !== undefined && typeof args === 'object' && args !== null && !('errors' in apiRequestOf(binding, args as Record<string, unknown>));
}
