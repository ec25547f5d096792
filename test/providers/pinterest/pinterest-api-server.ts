import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Answer, PinterestMediaApi, pinterestError, UPLOAD_PATH } from './pinterest-media-api';
import { PinterestPinAnalytics } from './pinterest-pin-analytics';
import { Board, Pin, PinterestPinsApi } from './pinterest-pins-api';

/** A Pinterest user (a business account when it has a business name). */
export interface PinterestUser {
  id: string;
  username: string;
  businessName: string | null;
}

interface AccessGrant {
  user: PinterestUser;
  expiresAt: number;
}

const AUTHENTICATION_FAILED = { code: 2, message: 'Authentication failed.' };
const SCOPES = 'boards:read,pins:read,pins:write,user_accounts:read';

/**
 * A local Pinterest answering as the API v5 reference documents it, for what the provider uses.
 * OAuth: `GET /oauth/` (the user approves at once and is redirected with `code` and `state`),
 * `POST /v5/oauth/token` (the app in HTTP Basic; `authorization_code` with its redirect URI, or
 * `refresh_token`: continuous refresh, each refresh answers a new refresh token and spends the one
 * used). API under `/v5` with a bearer token: `GET /user_account`, the pins (PinterestPinsApi), their
 * analytics (PinterestPinAnalytics) and the media uploads of videos (PinterestMediaApi), whose
 * S3-style upload endpoint is served here too. Errors are `{code, message}` (an unknown or expired
 * token: 401 code 2); every answer of the API carries `x-ratelimit-limit`, `x-ratelimit-remaining`
 * and `x-ratelimit-reset` (seconds until the window resets).
 */
export class PinterestApiServer {
  readonly clientId = 'pinterest-client-id';
  readonly clientSecret = 'pinterest-client-secret';
  /** Who approves the next authorization; set by a test before it follows an authorization URL. */
  approvingUser: PinterestUser | null = null;
  /** Seconds an access token lives (Pinterest: 30 days). */
  tokenLifetimeSeconds = 2_592_000;
  /** Refresh requests the token endpoint answered, refused ones included. */
  refreshes = 0;
  /** Where the `upload_url` of a video points (the proxy in front of this server, when a test sets one). */
  uploadBaseUrl: string | null = null;
  readonly boards = new Map<string, Board>();
  readonly media: PinterestMediaApi;
  readonly analytics = new PinterestPinAnalytics(() => this.pins);
  private readonly pinsApi: PinterestPinsApi;
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly refreshTokens = new Map<string, PinterestUser>();
  private readonly codes = new Map<string, { user: PinterestUser; redirectUri: string }>();
  private nextId = 1_099_511_000_000_000_000n;

  private constructor(private readonly server: Server) {
    this.media = new PinterestMediaApi(() => this.uploadBaseUrl ?? this.url, () => this.id());
    this.pinsApi = new PinterestPinsApi(this.boards, this.media, () => this.id());
  }

  static async start(): Promise<PinterestApiServer> {
    const server = createServer();
    const api = new PinterestApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get pins(): readonly Pin[] {
    return this.pinsApi.pins;
  }

  /** A new user of Pinterest, with one board. */
  addUser(username: string, businessName: string | null = null): { user: PinterestUser; board: Board } {
    const user = { id: this.id(), username, businessName };
    return { user, board: this.addBoard(user, 'Ideas') };
  }

  addBoard(user: PinterestUser, name: string): Board {
    const board = { id: this.id(), ownerId: user.id, name };
    this.boards.set(board.id, board);
    return board;
  }

  /** Tokens of a user, as the token endpoint would have issued them. */
  tokensOf(user: PinterestUser): { access_token: string; refresh_token: string } {
    return { access_token: this.issueAccess(user), refresh_token: this.issueRefresh(user) };
  }

  /** Every token of the user is revoked (the user disconnected the app). */
  revokeTokens(user: PinterestUser, which: 'access' | 'all' = 'all'): void {
    for (const [token, grant] of this.accessTokens) if (grant.user.id === user.id) this.accessTokens.delete(token);
    if (which === 'all') for (const [token, owner] of this.refreshTokens) if (owner.id === user.id) this.refreshTokens.delete(token);
  }

  /** The pins of a board, oldest first. */
  pinsOn(boardId: string): Pin[] {
    return this.pins.filter((pin) => pin.boardId === boardId);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private id(): string {
    return String((this.nextId += 1n));
  }

  private issueAccess(user: PinterestUser): string {
    const token = `pina_${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { user, expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000 });
    return token;
  }

  private issueRefresh(user: PinterestUser): string {
    const token = `pinr_${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(token, user);
    return token;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const answer = await this.answer(req, url, body);
    if (answer.status === 302) {
      res.writeHead(302, { location: String(answer.body) }).end();
      return;
    }
    const rateLimit = url.pathname.startsWith('/v5/') ? { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999', 'x-ratelimit-reset': '60', 'x-pinterest-rid': randomBytes(8).toString('hex') } : {};
    if (answer.status === 204) {
      res.writeHead(204, rateLimit).end();
      return;
    }
    const text = answer.text ?? JSON.stringify(answer.body ?? {});
    res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json', ...rateLimit }).end(text);
  }

  private async answer(req: IncomingMessage, url: URL, body: Buffer): Promise<Answer> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/oauth/') return this.authorize(url);
    if (method === 'POST' && url.pathname === '/v5/oauth/token') return this.token(req.headers.authorization, body);
    if (method === 'POST' && url.pathname === UPLOAD_PATH) return this.media.receive(body, req.headers['content-type'] ?? '', req.headers.authorization);

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = this.accessTokens.get(token);
    if (!grant || grant.expiresAt <= Date.now()) return { status: 401, body: AUTHENTICATION_FAILED };
    const { user } = grant;
    const path = url.pathname;
    if (method === 'GET' && path === '/v5/user_account') return { status: 200, body: this.accountOf(user) };
    if (method === 'POST' && path === '/v5/pins') return this.pinsApi.create(user.id, body);
    if (method === 'POST' && path === '/v5/media') return this.media.register(user.id, body);
    const media = /^\/v5\/media\/(\d+)$/.exec(path);
    if (method === 'GET' && media) return this.media.status(user.id, media[1]);
    const boardPins = /^\/v5\/boards\/(\d+)\/pins$/.exec(path);
    if (method === 'GET' && boardPins) return this.pinsApi.list(user.id, boardPins[1], url);
    const pin = /^\/v5\/pins\/(\d+)$/.exec(path);
    if (method === 'DELETE' && pin) return this.pinsApi.remove(user.id, pin[1]);
    const analytics = /^\/v5\/pins\/(\d+)\/analytics$/.exec(path);
    if (method === 'GET' && analytics) return this.analytics.answer(user.id, analytics[1], url.searchParams);
    return pinterestError(404, 404, 'Not found.');
  }

  private accountOf(user: PinterestUser): Record<string, unknown> {
    const boards = [...this.boards.values()].filter((board) => board.ownerId === user.id).length;
    return {
      account_type: user.businessName ? 'BUSINESS' : 'PINNER',
      id: user.id,
      username: user.username,
      business_name: user.businessName,
      profile_image: `https://i.pinimg.com/600x600_R/${user.id}.jpg`,
      website_url: '',
      about: '',
      board_count: boards,
      pin_count: this.pins.filter((pin) => pin.ownerId === user.id).length,
      follower_count: 0,
      following_count: 0,
      monthly_views: 0,
    };
  }

  private authorize(url: URL): Answer {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const valid = url.searchParams.get('client_id') === this.clientId && url.searchParams.get('response_type') === 'code' && /^https?:\/\//.test(redirectUri) && !!url.searchParams.get('scope');
    if (!valid || !this.approvingUser) return pinterestError(400, 1, 'Invalid request: the application or its redirect URI is not valid.');
    const code = randomBytes(24).toString('hex');
    this.codes.set(code, { user: this.approvingUser, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    return { status: 302, body: back.toString() };
  }

  private token(authorization: string | undefined, body: Buffer): Answer {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (authorization !== expected) return { status: 401, body: AUTHENTICATION_FAILED };
    const form = new URLSearchParams(body.toString());
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = this.codes.get(code);
      this.codes.delete(code);
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return pinterestError(400, 1, 'Invalid authorization code.');
      return { status: 200, body: this.tokenAnswer(grant.user, 'authorization_code') };
    }
    if (grantType === 'refresh_token') {
      this.refreshes++;
      const refreshToken = form.get('refresh_token') ?? '';
      const user = this.refreshTokens.get(refreshToken);
      // Continuous refresh: the answer carries a new refresh token, and the one used is spent.
      this.refreshTokens.delete(refreshToken);
      if (!user) return pinterestError(400, 1, 'Invalid refresh token.');
      return { status: 200, body: this.tokenAnswer(user, 'refresh_token') };
    }
    return pinterestError(400, 1, 'Invalid request: grant_type must be one of: authorization_code, refresh_token, client_credentials.');
  }

  private tokenAnswer(user: PinterestUser, responseType: string): Record<string, unknown> {
    const refreshLifetime = 5_184_000;
    return {
      access_token: this.issueAccess(user),
      refresh_token: this.issueRefresh(user),
      response_type: responseType,
      token_type: 'bearer',
      expires_in: this.tokenLifetimeSeconds,
      refresh_token_expires_in: refreshLifetime,
      refresh_token_expires_at: Math.floor(Date.now() / 1000) + refreshLifetime,
      scope: SCOPES,
    };
  }
}
