import { createHash, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

interface User {
  id: string;
  username: string;
  name: string;
}

interface Post {
  id: string;
  userId: string;
  text: string;
  media: Buffer[];
  createdAt: Date;
  /** The post it replies to (`reply.in_reply_to_tweet_id`), or null. */
  inReplyTo: string | null;
  /** Its public figures, as `tweet.fields=public_metrics` answers them. */
  publicMetrics: PublicMetrics;
}

/** A post's `public_metrics`, as X names them. */
export interface PublicMetrics {
  retweet_count: number;
  reply_count: number;
  like_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
}

interface Grant {
  user: User;
  redirectUri: string;
  challenge: string;
}

const INVALID_TOKEN = { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' };

/**
 * A local X server answering as the X API v2 and OAuth 2 references document, for what the
 * provider uses. OAuth: `GET /i/oauth2/authorize` (the user approves at once and is redirected
 * with `code` and `state`), `POST /2/oauth2/token` (confidential client in HTTP Basic; the code
 * with its PKCE verifier (S256), or a refresh token, which is rotated); API: `GET /2/users/me`,
 * `POST /2/tweets` (201; a text over 280 characters is an invalid request, the same text twice a
 * 403 "duplicate content", a reply (`reply.in_reply_to_tweet_id`) to a post that is not there a
 * 403), `DELETE /2/tweets/:id`, `POST /2/media/upload` (multipart `media`) and
 * `GET /2/users/:id/tweets` (newest first, from `start_time`), `GET /2/tweets/:id` (with `public_metrics`
 * when `tweet.fields` asks; a post that is not there answers 200 with a resource-not-found error and no
 * `data`, as X does). Errors are problem details; every
 * answer carries `x-rate-limit-limit`, `-remaining` and `-reset` (epoch seconds).
 */
export class XApiServer {
  readonly posts: Post[] = [];
  readonly clientId = 'x-client-id';
  readonly clientSecret = 'x-client-secret';
  /** Who approves the next authorization; set by a test before it follows an authorize URL. */
  approvingUser: User | null = null;
  private readonly accessTokens = new Map<string, { user: User; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, User>();
  private readonly codes = new Map<string, Grant>();
  private readonly media = new Map<string, Buffer>();
  private nextId = 1_800_000_000_000_000_000n;
  /** Seconds an access token lives (X: two hours). */
  tokenLifetimeSeconds = 7200;
  /** Refresh requests the token endpoint answered, refused ones included. */
  refreshes = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<XApiServer> {
    const server = createServer();
    const api = new XApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new user of X. */
  addUser(username: string, name = username): User {
    return { id: this.id(), username, name };
  }

  /** Tokens of a new user, as the token endpoint would have issued them. */
  tokensOf(user: User): { access_token: string; refresh_token: string } {
    return { access_token: this.issueAccess(user), refresh_token: this.issueRefresh(user) };
  }

  /** Every refresh token of the user is revoked (the user removed the app). */
  revokeRefreshTokens(user: User): void {
    for (const [token, owner] of this.refreshTokens) if (owner.id === user.id) this.refreshTokens.delete(token);
  }

  textsOf(userId: string): string[] {
    return this.posts.filter((post) => post.userId === userId).map((post) => post.text);
  }

  /** The user's posts, oldest first: each one's id, text and the post it replies to. */
  threadOf(userId: string): { id: string; text: string; inReplyTo: string | null }[] {
    return this.posts.filter((post) => post.userId === userId).map(({ id, text, inReplyTo }) => ({ id, text, inReplyTo }));
  }

  mediaOf(userId: string): { text: string; files: Buffer[] }[] {
    return this.posts.filter((post) => post.userId === userId && post.media.length > 0).map((post) => ({ text: post.text, files: post.media }));
  }

  /** Other users see, like, answer, repost, quote and bookmark the post: its public figures become these. */
  setPublicMetrics(postId: string, figures: Partial<PublicMetrics>): void {
    const post = this.posts.find((found) => found.id === postId);
    if (!post) throw new Error(`No post ${postId}`);
    Object.assign(post.publicMetrics, figures);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private id(): string {
    return String((this.nextId += 1n));
  }

  private issueAccess(user: User): string {
    const token = randomBytes(24).toString('base64url');
    this.accessTokens.set(token, { user, expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000 });
    return token;
  }

  private issueRefresh(user: User): string {
    const token = randomBytes(24).toString('base64url');
    this.refreshTokens.set(token, user);
    return token;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '99',
        'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 900),
        ...headers,
      });
      res.end(answer === undefined ? '' : JSON.stringify(answer));
    };
    const problem = (status: number, title: string, detail: string) => send(status, { title, detail, type: 'about:blank', status });

    if (req.method === 'GET' && url.pathname === '/i/oauth2/authorize') return this.authorize(url, res, send);
    if (req.method === 'POST' && url.pathname === '/2/oauth2/token') return this.token(req, body, send);

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const access = this.accessTokens.get(token);
    if (!access || access.expiresAt <= Date.now()) return problem(401, 'Unauthorized', 'Unauthorized');
    const { user } = access;
    if (req.method === 'GET' && url.pathname === '/2/users/me') {
      // As X answers: the picture only when `user.fields` asks for it.
      const picture = (url.searchParams.get('user.fields') ?? '').split(',').includes('profile_image_url') ? { profile_image_url: `https://pbs.twimg.com/profile_images/${user.id}/avatar_normal.jpg` } : {};
      return send(200, { data: { id: user.id, name: user.name, username: user.username, ...picture } });
    }
    if (req.method === 'POST' && url.pathname === '/2/media/upload') {
      const form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData().catch(() => null);
      const file = form?.get('media');
      if (!(file instanceof Blob)) return send(400, { errors: [{ message: 'media is required' }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' });
      const id = this.id();
      this.media.set(id, Buffer.from(await file.arrayBuffer()));
      return send(200, { data: { id, media_key: `3_${id}`, size: file.size, expires_after_secs: 86400 } });
    }
    if (req.method === 'POST' && url.pathname === '/2/tweets') {
      const { text = '', media, reply } = JSON.parse(body.toString() || '{}') as { text?: string; media?: { media_ids?: string[] }; reply?: { in_reply_to_tweet_id?: string } };
      const inReplyTo = reply?.in_reply_to_tweet_id ?? null;
      if (inReplyTo !== null && !this.posts.some((post) => post.id === inReplyTo)) return problem(403, 'Forbidden', 'You attempted to reply to a Tweet that is deleted or not visible to you.');
      if ([...text].length > 280) {
        return send(400, { errors: [{ parameters: { text: [text] }, message: 'Your Tweet text is too long. For more information on how X determines text length see https://github.com/twitter/twitter-text.' }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' });
      }
      if (this.posts.some((post) => post.userId === user.id && post.text === text)) return problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
      const files = (media?.media_ids ?? []).map((id) => this.media.get(id));
      if (files.some((file) => !file)) return send(400, { errors: [{ message: 'Your media IDs are invalid.' }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' });
      const publicMetrics = { retweet_count: 0, reply_count: 0, like_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 0 };
      const post = { id: this.id(), userId: user.id, text, media: files as Buffer[], createdAt: new Date(), inReplyTo, publicMetrics };
      this.posts.push(post);
      return send(201, { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } });
    }
    const reading = /^\/2\/tweets\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && reading) {
      const post = this.posts.find((found) => found.id === reading[1]);
      if (!post) {
        const detail = `Could not find tweet with id: [${reading[1]}].`;
        return send(200, { errors: [{ value: reading[1], detail, title: 'Not Found Error', resource_type: 'tweet', parameter: 'id', resource_id: reading[1], type: 'https://api.twitter.com/2/problems/resource-not-found' }] });
      }
      const fields = (url.searchParams.get('tweet.fields') ?? '').split(',');
      return send(200, { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id], ...(fields.includes('public_metrics') && { public_metrics: post.publicMetrics }) } });
    }
    const deleting = /^\/2\/tweets\/(\d+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && deleting) {
      const index = this.posts.findIndex((post) => post.id === deleting[1] && post.userId === user.id);
      if (index < 0) return problem(404, 'Not Found Error', `Could not find tweet with id: [${deleting[1]}].`);
      this.posts.splice(index, 1);
      return send(200, { data: { deleted: true } });
    }
    const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(url.pathname);
    if (req.method === 'GET' && timeline) {
      const since = Date.parse(url.searchParams.get('start_time') ?? '') || 0;
      const posts = this.posts.filter((post) => post.userId === timeline[1] && post.createdAt.getTime() >= since).reverse().slice(0, Number(url.searchParams.get('max_results') ?? 10));
      return send(200, posts.length > 0 ? { data: posts.map((post) => ({ id: post.id, text: post.text, edit_history_tweet_ids: [post.id] })), meta: { result_count: posts.length } } : { meta: { result_count: 0 } });
    }
    problem(404, 'Not Found Error', 'The requested resource was not found.');
  }

  private authorize(url: URL, res: ServerResponse, send: (status: number, answer: unknown) => void): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== this.clientId || url.searchParams.get('code_challenge_method') !== 'S256' || !this.approvingUser) {
      return send(400, { error: 'invalid_request', error_description: 'Something went wrong. You weren’t able to give access to the App.' });
    }
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { user: this.approvingUser, redirectUri, challenge: url.searchParams.get('code_challenge') ?? '' });
    const back = new URL(redirectUri);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private token(req: IncomingMessage, body: Buffer, send: (status: number, answer: unknown) => void): void {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(401, { error: 'unauthorized_client', error_description: 'Missing valid authorization header' });
    const form = new URLSearchParams(body.toString());
    let user: User | undefined;
    if (form.get('grant_type') === 'authorization_code') {
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) return send(400, INVALID_TOKEN);
      user = grant.user;
    } else if (form.get('grant_type') === 'refresh_token') {
      this.refreshes++;
      user = this.refreshTokens.get(form.get('refresh_token') ?? '');
      // Refresh tokens are rotated: the one used is spent.
      this.refreshTokens.delete(form.get('refresh_token') ?? '');
      if (!user) return send(400, INVALID_TOKEN);
    } else {
      return send(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
    }
    send(200, { token_type: 'bearer', expires_in: this.tokenLifetimeSeconds, access_token: this.issueAccess(user), scope: 'tweet.read tweet.write users.read offline.access media.write', refresh_token: this.issueRefresh(user) });
  }
}
