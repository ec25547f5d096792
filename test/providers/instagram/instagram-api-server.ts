import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Container, InstagramContainers } from './instagram-containers';
import { GraphAnswer, GraphErrors } from './instagram-graph-answers';
import { InstagramLoginApi, InstagramUser } from './instagram-login-api';
import { mediaInsights } from './instagram-insights';
import { InstagramComment, InstagramMedia, InstagramMediaLibrary } from './instagram-media-library';
import { errorMessage } from '@app/errors';

export type { InstagramUser } from './instagram-login-api';

/** How long the local Instagram waits for a media file it fetches. */
const FETCH_TIMEOUT_MS = 10_000;

/** A media fetch Instagram made: the address and what it got (a status, or the network error). */
export interface MediaFetch {
  url: string;
  outcome: number | string;
}

/**
 * A local Instagram answering as the Instagram API with Instagram Login documents it, on one
 * address for its three hosts: the authorization page and the token endpoint
 * (InstagramLoginApi, under `/oauth`), and the Graph API (`graph.instagram.com`, with or without a
 * version prefix such as `/v21.0`): the long-lived token and its refresh, `GET /me`, content
 * publishing (InstagramContainers), the media, stories and comments (InstagramMediaLibrary), and
 * the media's insights (mediaInsights).
 * Parameters come in the query or in a form body; the token as `access_token` or in an
 * `Authorization: Bearer` header. Instagram fetches the media itself from `image_url` and
 * `video_url` over HTTP, and keeps the bytes it got. Every answer carries the usage headers
 * (`x-app-usage`, `x-business-use-case-usage`); errors are `{error: {message, type, code,
 * error_subcode, fbtrace_id}}`.
 */
export class InstagramApiServer {
  readonly login = new InstagramLoginApi();
  readonly library = new InstagramMediaLibrary(() => this.id());
  readonly publishing = new InstagramContainers(this.library, (url) => this.fetchMedia(url), () => this.id());
  /** Every media fetch, in order. */
  readonly fetches: MediaFetch[] = [];
  private nextId = 17_841_400_000_000_000n;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<InstagramApiServer> {
    const server = createServer();
    const api = new InstagramApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new professional account. */
  addUser(username: string, name = username): InstagramUser {
    return { id: this.id(), appScopedId: this.id(), username, name };
  }

  /** The media the user published, oldest first. */
  mediaOf(userId: string): InstagramMedia[] {
    return this.library.media.filter((media) => media.userId === userId);
  }

  /** The captions of the user's feed posts and reels, oldest first. */
  captionsOf(userId: string): string[] {
    return this.mediaOf(userId).flatMap((media) => (media.caption === null ? [] : [media.caption]));
  }

  commentsOn(mediaId: string): InstagramComment[] {
    return this.library.find(mediaId)?.comments ?? [];
  }

  containerOf(id: string): Container | undefined {
    return this.publishing.containers.get(id);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private id(): string {
    return String((this.nextId += 1n));
  }

  private async fetchMedia(url: string): Promise<Buffer | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      this.fetches.push({ url, outcome: response.status });
      return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null;
    } catch (error) {
      this.fetches.push({ url, outcome: errorMessage(error) });
      return null;
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const params = new URLSearchParams(url.search);
    if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      new URLSearchParams(Buffer.concat(chunks).toString()).forEach((value, name) => params.set(name, value));
    }
    const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    const answer = await this.answer(req.method ?? 'GET', path, params, req.headers.authorization, url.toString());
    const usage = { call_count: 1, total_cputime: 1, total_time: 1 };
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=UTF-8',
      'x-app-usage': JSON.stringify(usage),
      'x-business-use-case-usage': JSON.stringify({ '0': [{ type: 'instagram', ...usage, estimated_time_to_regain_access: 0 }] }),
      ...answer.headers,
      ...(answer.location ? { location: answer.location } : {}),
    };
    res.writeHead(answer.status, headers);
    res.end(answer.body === null ? '' : JSON.stringify(answer.body));
  }

  private async answer(method: string, path: string, params: URLSearchParams, authorization: string | undefined, self: string): Promise<GraphAnswer> {
    if (method === 'GET' && path === '/oauth/authorize') return this.login.authorize(params);
    if (method === 'POST' && path === '/oauth/access_token') return this.login.exchangeCode(params);
    if (method === 'GET' && path === '/access_token') return this.login.exchangeForLongLived(params);
    if (method === 'GET' && path === '/refresh_access_token') return this.login.refresh(params);

    const token = params.get('access_token') ?? /^(?:Bearer|OAuth) (.+)$/.exec(authorization ?? '')?.[1] ?? '';
    const user = this.login.userOf(token);
    if ('status' in user) return user;
    const fields = params.get('fields');
    if (method === 'GET' && path === '/me') {
      const me = { id: user.appScopedId, user_id: user.id, username: user.username, name: user.name, profile_picture_url: `https://scontent.cdninstagram.com/v/profile/${user.id}.jpg` };
      return { status: 200, body: Object.fromEntries(Object.entries(me).filter(([name]) => name === 'id' || (fields ?? '').split(',').includes(name))) };
    }
    const [, id, edge] = /^\/([^/]+)(?:\/([a-z_]+))?$/.exec(path) ?? [];
    if (id === undefined) return GraphErrors.unsupported(method, path);
    const own = id === user.id || id === 'me';
    if (own && edge) return this.userEdge(method, edge, user, params, self);
    const container = this.publishing.containers.get(id);
    if (method === 'GET' && !edge && container?.userId === user.id) return this.publishing.read(container, fields);
    const media = this.library.find(id);
    if (media?.userId === user.id) {
      if (method === 'GET' && !edge) return this.library.read(media, fields);
      if (method === 'POST' && edge === 'comments') return this.library.comment(user, media, params);
      if (method === 'GET' && edge === 'comments') return this.library.comments(media, fields);
      if (method === 'GET' && edge === 'insights') return mediaInsights(media, params.get('metric'));
    }
    const comment = this.library.findComment(id);
    if (method === 'GET' && !edge && comment && this.library.find(comment.mediaId)?.userId === user.id) return { status: 200, body: this.library.readComment(comment, fields) };
    return GraphErrors.unsupported(method, id);
  }

  private userEdge(method: string, edge: string, user: InstagramUser, params: URLSearchParams, self: string): Promise<GraphAnswer> | GraphAnswer {
    if (method === 'POST' && edge === 'media') return this.publishing.create(user, params);
    if (method === 'POST' && edge === 'media_publish') return this.publishing.publish(user, params);
    if (method === 'GET' && edge === 'content_publishing_limit') return this.publishing.limit(user);
    if (method === 'GET' && (edge === 'media' || edge === 'stories')) return this.library.edge(user, edge, params, self);
    return GraphErrors.unsupported(method, `${user.id}/${edge}`);
  }
}
