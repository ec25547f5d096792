import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { FacebookGraphState, FacebookPage, FacebookUser, PageComment } from './facebook-graph-state';
import { FacebookLoginApi } from './facebook-login-api';
import { FacebookPageApi } from './facebook-page-api';
import { FacebookPostInsights } from './facebook-post-insights';
import { FacebookVideoApi } from './facebook-video-api';
import { appUsage, businessUseCaseUsage, graphError, GraphAnswer, invalidToken, missingObject, ok, pageThrottled, uploadError } from './graph-answers';

/** The tasks of a person who manages a Page fully. */
export const ALL_TASKS = ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'];

/**
 * A local Graph API (v21.0) answering as Facebook's references document, for what the provider
 * uses: Facebook Login (FacebookLoginApi), a Page's posts, photos, stories and comments
 * (FacebookPageApi), its videos, reels and video stories with their upload host and processing
 * (FacebookVideoApi), and its posts' engagement and insights (FacebookPostInsights). A token goes
 * as `Authorization: Bearer` (or `OAuth`), or as `access_token`; parameters in the query, a JSON
 * body or a form. Errors are Graph error objects; a token it does
 * not know is error 190. Every answer carries `X-App-Usage`, and a Page's `X-Business-Use-Case-Usage`;
 * a throttled Page is refused with error 80001 and the minutes to wait in that header. Media are
 * fetched over HTTP from the addresses given (`url`, `file_url`), as Facebook does, and kept.
 */
export class FacebookGraphServer {
  readonly state = new FacebookGraphState();
  readonly login = new FacebookLoginApi(this.state);
  readonly insights = new FacebookPostInsights(this.state);
  /** The media addresses fetched, in order. */
  readonly fetched: string[] = [];
  /** Where upload sessions send the video (this server unless told: a test puts its proxy there). */
  uploadBase: string | null = null;
  private readonly pageApi = new FacebookPageApi(this.state, (url) => this.fetchMedia(url));
  private readonly videoApi = new FacebookVideoApi(this.state, (url) => this.fetchMedia(url), () => this.uploadBase ?? this.url);

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FacebookGraphServer> {
    const server = createServer();
    const api = new FacebookGraphServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new Page, with a token of its own (as `/me/accounts` gives one). */
  addPage(name: string, username: string | null = null): { page: FacebookPage; token: string } {
    const page = { id: this.state.id(), name, username };
    this.state.pages.set(page.id, page);
    return { page, token: this.state.token({ kind: 'page', page }) };
  }

  /** A new person on Facebook, who manages these Pages. */
  addUser(name: string, pages: { page: FacebookPage; tasks?: string[] }[]): FacebookUser {
    return { id: this.state.id(), name, pages: pages.map(({ page, tasks = ALL_TASKS }) => ({ page, tasks })) };
  }

  /** Facebook stops accepting the token (the user changed their password, removed the app). */
  invalidate(token: string): void {
    this.state.tokens.delete(token);
  }

  /** The Page's next call is refused by its Business Use Case limit, asking to wait `minutes`. */
  throttle(pageId: string, minutes: number): void {
    this.state.throttled.set(pageId, minutes);
  }

  textsOf(pageId: string): string[] {
    return this.state.published(pageId).map((entry) => entry.text);
  }

  mediaOf(pageId: string): { text: string; files: Buffer[] }[] {
    return this.state.published(pageId).filter((entry) => entry.files.length > 0);
  }

  /** The Page's stories, oldest first: what each shows. */
  storiesOf(pageId: string): { postId: string; mediaType: 'photo' | 'video'; bytes: Buffer | null }[] {
    return this.state.stories
      .filter((story) => story.pageId === pageId)
      .map((story) => ({ postId: story.postId, mediaType: story.mediaType, bytes: (story.mediaType === 'photo' ? this.state.photos.get(story.mediaId)?.bytes : this.state.videos.get(story.mediaId)?.bytes) ?? null }));
  }

  commentsOn(objectId: string): PageComment[] {
    return this.state.comments.filter((comment) => comment.objectId === objectId);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async fetchMedia(url: string): Promise<Buffer | null> {
    try {
      const response = await fetch(url);
      if (!response.ok) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      this.fetched.push(url);
      return bytes;
    } catch {
      return null;
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const send = ({ status, body: answer, headers = {} }: GraphAnswer) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'x-app-usage': appUsage(1), ...headers });
      res.end(JSON.stringify(answer));
    };
    const token = /^(?:Bearer|OAuth) (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? url.searchParams.get('access_token') ?? '';
    const uploading = /^\/video-upload\/v\d+\.\d+\/(\d+)$/.exec(url.pathname);
    if (uploading && req.method === 'POST') {
      const owner = this.state.tokens.get(token);
      if (owner?.kind !== 'page') return send(uploadError(401, 'AuthError', 'Invalid OAuth access token.'));
      const fileUrl = req.headers.file_url;
      return send(await this.videoApi.upload(owner.page.id, uploading[1], typeof fileUrl === 'string' ? fileUrl : undefined, body));
    }
    const versioned = /^\/v\d+\.\d+(\/.*)$/.exec(url.pathname);
    if (!versioned) return send(graphError({ message: 'Unknown path components: ' + url.pathname, code: 2500 }));
    const path = versioned[1];
    if (req.method === 'GET' && path === '/dialog/oauth') {
      const back = this.login.dialog(url.searchParams);
      if (!back) return send(graphError({ message: 'Invalid App ID: the app, the redirect URI or the person is not one this dialog accepts.', code: 101 }));
      res.writeHead(302, { location: back.location }).end();
      return;
    }
    if (req.method === 'GET' && path === '/oauth/access_token') return send(this.login.accessToken(url.searchParams));
    const owner = this.state.tokens.get(token);
    if (!owner) return send(invalidToken());
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const params = { ...Object.fromEntries(url.searchParams), ...parseBody(req.headers['content-type'] ?? '', body) };
    const method = req.method ?? 'GET';
    if (owner.kind === 'user') {
      if (owner.expiresAt <= Date.now()) return send(graphError({ message: 'Error validating access token: Session has expired.', code: 190, error_subcode: 463 }));
      if (method === 'GET' && segments.join('/') === 'me/accounts') return send(this.login.accounts(owner.user));
      if (method === 'GET' && segments.join('/') === 'me') return send(ok({ id: owner.user.id, name: owner.user.name }));
      return send(graphError({ message: '(#190) This method must be called with a Page Access Token', code: 190 }));
    }
    const pageId = owner.page.id;
    const minutes = this.state.throttled.get(pageId);
    if (minutes !== undefined) {
      this.state.throttled.delete(pageId);
      return send(pageThrottled(pageId, minutes));
    }
    if (segments[0] === 'me') segments[0] = pageId;
    const call = { method, segments, params, pageId };
    const answer = this.insights.answer(call) ?? (await this.videoApi.answer(call)) ?? (await this.pageApi.answer(call)) ?? missingObject(segments[0] ?? '');
    send({ ...answer, headers: { 'x-business-use-case-usage': businessUseCaseUsage(pageId, 1, 0), ...answer.headers } });
  }
}

/** A JSON or form body as Graph reads it. */
function parseBody(contentType: string, body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  if (contentType.startsWith('application/json')) return JSON.parse(body.toString()) as Record<string, unknown>;
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body.toString()));
  return {};
}
