import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { GraphAnswer, missingPermission, selectFields, ThreadsUser, unsupportedRequest } from './threads-graph-answers';
import { ALL_SCOPES, ThreadsOAuthApi } from './threads-oauth-api';
import { ThreadsPost, ThreadsPublishingApi } from './threads-publishing-api';

/** The permission each kind of call needs beyond `threads_basic`. */
const PERMISSION = { publish: 'threads_content_publish', readReplies: 'threads_read_replies', delete: 'threads_delete', insights: 'threads_manage_insights' } as const;

/**
 * A local Threads answering as the Threads API reference documents, for what the provider uses.
 * OAuth: see ThreadsOAuthApi (`/oauth/authorize`, `/oauth/access_token`, and under the API's
 * version `/access_token` and `/refresh_access_token`). API under `/v1.0`, with the token as
 * `access_token` (query or form) or `Authorization: Bearer`: `GET /me`, `POST /{user-id}/threads`
 * (media containers: TEXT, IMAGE and VIDEO fetched from their URL, CAROUSEL of 2 to 20 items,
 * `reply_to_id`), `GET /{container-id}?fields=status,error_message`, `POST /{user-id}/threads_publish`,
 * `GET /{user-id}/threads_publishing_limit`, `GET /{user-id}/threads` and `/replies`, `GET /{media-id}`,
 * `GET /{media-id}/insights` (`threads_manage_insights`) and `DELETE /{media-id}`. Errors are the Graph API's `{error: {message, type, code, error_subcode,
 * fbtrace_id}}` (a refused token: 400 with code 190). Parameters come as a query, a form or JSON.
 */
export class ThreadsApiServer {
  readonly oauth = new ThreadsOAuthApi();
  readonly publishing = new ThreadsPublishingApi();
  private readonly users = new Map<string, ThreadsUser>();
  private nextUserId = 7_100_000_000_000_000;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<ThreadsApiServer> {
    const server = createServer();
    const api = new ThreadsApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get clientId(): string {
    return this.oauth.clientId;
  }

  get clientSecret(): string {
    return this.oauth.clientSecret;
  }

  /** A new Threads profile. */
  addUser(username: string, name = username): ThreadsUser {
    const user = { id: String((this.nextUserId += 1)), username, name };
    this.users.set(user.id, user);
    return user;
  }

  /** A long-lived token of the user, as credentials sent directly carry it. */
  credentialsOf(user: ThreadsUser, scopes: readonly string[] = ALL_SCOPES): { access_token: string } {
    return { access_token: this.oauth.issueLongLived(user, new Set(scopes)) };
  }

  /** The texts of the user's posts and replies, oldest first. */
  textsOf(userId: string): string[] {
    return this.postsOf(userId).map((post) => post.text);
  }

  /** The user's posts with media: each one's text and the bytes Threads fetched. */
  mediaOf(userId: string): { text: string; files: Buffer[] }[] {
    return this.postsOf(userId)
      .filter((post) => post.files.length > 0)
      .map((post) => ({ text: post.text, files: post.files }));
  }

  /** The user's posts and replies, oldest first, each with what it replies to. */
  threadOf(userId: string): { id: string; text: string; replyTo: string | null }[] {
    return this.postsOf(userId).map(({ id, text, replyTo }) => ({ id, text, replyTo }));
  }

  postOf(id: string): ThreadsPost | undefined {
    return this.publishing.posts.find((post) => post.id === id);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private postsOf(userId: string): ThreadsPost[] {
    return this.publishing.posts.filter((post) => post.user.id === userId);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const params = await parametersOf(req, url);
    const answer = await this.answer(req.method ?? 'GET', url, params, req.headers.authorization);
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  }

  private answer(method: string, url: URL, params: URLSearchParams, authorization: string | undefined): GraphAnswer | Promise<GraphAnswer> {
    const path = url.pathname;
    if (method === 'GET' && path === '/oauth/authorize') return this.oauth.authorize(url);
    if (method === 'POST' && path === '/oauth/access_token') return this.oauth.exchangeCode(params);
    if (method === 'GET' && path === '/v1.0/access_token') return this.oauth.exchangeForLongLived(params);
    if (method === 'GET' && path === '/v1.0/refresh_access_token') return this.oauth.refresh(params);
    const node = /^\/v1\.0\/([^/]+)(?:\/([a-z_]+))?$/.exec(path);
    if (!node) return { status: 404, body: { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } } };
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? params.get('access_token') ?? '';
    const checked = this.oauth.check(token);
    if ('status' in checked) return checked;
    const { user, scopes } = checked;
    const [, id, edge] = node;
    const own = id === 'me' || id === user.id;
    const fields = params.get('fields');
    if (edge === undefined) {
      if (method === 'GET' && own) return { status: 200, body: selectFields({ ...user, threads_profile_picture_url: `https://scontent.cdninstagram.com/v/t51.2885-19/${user.id}.jpg` }, fields) };
      if (method === 'GET') return this.publishing.read(user, id, fields);
      if (method === 'DELETE') return scopes.has(PERMISSION.delete) ? this.publishing.delete(user, id) : missingPermission();
    }
    if (method === 'GET' && edge === 'insights') return scopes.has(PERMISSION.insights) ? this.publishing.insights(user, id, params.get('metric')) : missingPermission();
    if (!own) return unsupportedRequest(method === 'GET' ? 'get' : 'post', id);
    const publishes = method === 'POST' && (edge === 'threads' || edge === 'threads_publish');
    if (publishes && !scopes.has(PERMISSION.publish)) return missingPermission();
    if (method === 'POST' && edge === 'threads') return this.publishing.createContainer(user, params);
    if (method === 'POST' && edge === 'threads_publish') return this.publishing.publish(user, params);
    if (method === 'GET' && edge === 'threads_publishing_limit') return this.publishing.publishingLimit(user, fields);
    if (method === 'GET' && edge === 'threads') return this.publishing.list(user, false, params);
    if (method === 'GET' && edge === 'replies') return scopes.has(PERMISSION.readReplies) ? this.publishing.list(user, true, params) : missingPermission();
    return unsupportedRequest(method === 'GET' ? 'get' : 'post', `${id}/${edge}`);
  }
}

/** The request's parameters: the query, and the body's form fields or JSON members over them. */
async function parametersOf(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const params = new URLSearchParams(url.searchParams);
  const type = req.headers['content-type'] ?? '';
  if (body.length === 0) return params;
  if (type.includes('application/json')) {
    for (const [name, value] of Object.entries(JSON.parse(body.toString()) as Record<string, unknown>)) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  } else if (type.includes('form')) {
    const form = await new Response(body, { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form) if (typeof value === 'string') params.set(name, value);
  }
  return params;
}
