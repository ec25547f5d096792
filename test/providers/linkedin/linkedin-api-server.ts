import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Comment, LinkedInCommentsApi } from './linkedin-comments-api';
import { LinkedInPostAnalytics } from './linkedin-post-analytics';

interface Member {
  sub: string;
  name: string;
  urn: string;
}

interface Post {
  urn: string;
  author: string;
  commentary: string;
  content: Record<string, unknown> | null;
  media: Buffer[];
  createdAt: number;
}

type Send = (status: number, answer?: unknown, headers?: Record<string, string>) => void;

const INVALID_GRANT = { error: 'invalid_grant', error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked' };
const INVALID_TOKEN = { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' };

/**
 * A local LinkedIn answering as its references document, for what the provider uses. OAuth
 * (under `/oauth/v2`): `GET /authorization` (the member approves at once and is redirected with
 * `code` and `state`), `POST /accessToken` (client_id and client_secret in the form; the code with
 * its redirect URI, or a refresh token, which stays the same). API: `GET /v2/userinfo` (OpenID
 * Connect); under `/rest`, which needs `LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0`:
 * `POST /rest/images?action=initializeUpload` and a `PUT` of the bytes to the upload URL,
 * `POST /rest/posts` (201, the URN in `x-restli-id`; a commentary over 3000 characters or an exact
 * duplicate of the member's post is a 422), `GET` and `DELETE /rest/posts/{urn}`, the comments on
 * a post (LinkedInCommentsApi), and the statistics of a post (LinkedInPostAnalytics). The commentary
 * is read as little text (escapes and hashtag templates). Errors are `{status, code?, message}`.
 */
export class LinkedInApiServer {
  readonly posts: Post[] = [];
  readonly clientId = 'linkedin-client-id';
  readonly clientSecret = 'linkedin-client-secret';
  /** Who approves the next authorization; set by a test before it follows an authorization URL. */
  approvingMember: Member | null = null;
  /** Seconds an access token lives (LinkedIn: 60 days). */
  tokenLifetimeSeconds = 5_184_000;
  private readonly accessTokens = new Map<string, { member: Member; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, Member>();
  private readonly codes = new Map<string, { member: Member; redirectUri: string }>();
  private readonly images = new Map<string, { owner: string; bytes: Buffer | null }>();
  private nextId = 7_190_000_000_000_000_000n;
  private readonly commentsApi = new LinkedInCommentsApi({
    postExists: (urn) => this.postOf(urn) !== undefined,
    imageOf: (urn, owner) => {
      const image = this.images.get(urn);
      return image?.owner === owner ? image.bytes : null;
    },
    nextId: () => this.id(),
  });

  readonly analytics = new LinkedInPostAnalytics((urn) => this.postOf(urn)?.author);

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LinkedInApiServer> {
    const server = createServer();
    const api = new LinkedInApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new member of LinkedIn. */
  addMember(name: string): Member {
    const sub = randomBytes(6).toString('base64url');
    return { sub, name, urn: `urn:li:person:${sub}` };
  }

  /** Tokens of a new member, as the token endpoint would have issued them. */
  tokensOf(member: Member): { access_token: string; refresh_token: string } {
    return { access_token: this.issueAccess(member), refresh_token: this.issueRefresh(member) };
  }

  /** Every refresh token of the member is revoked (the member removed the app). */
  revokeRefreshTokens(personUrn: string): void {
    for (const [token, owner] of this.refreshTokens) if (owner.urn === personUrn) this.refreshTokens.delete(token);
  }

  textsOf(personUrn: string): string[] {
    return this.posts.filter((post) => post.author === personUrn).map((post) => unescaped(post.commentary));
  }

  mediaOf(personUrn: string): { text: string; files: Buffer[] }[] {
    return this.posts.filter((post) => post.author === personUrn && post.media.length > 0).map((post) => ({ text: unescaped(post.commentary), files: post.media }));
  }

  /** The comments on a post, oldest first. */
  commentsOn(postUrn: string): Comment[] {
    return this.commentsApi.comments.filter((comment) => comment.object === postUrn);
  }

  /** The post as LinkedIn holds it: its commentary as sent and its content. */
  postOf(urn: string): Post | undefined {
    return this.posts.find((post) => post.urn === urn);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private id(): string {
    return String((this.nextId += 1n));
  }

  private issueAccess(member: Member): string {
    const token = randomBytes(24).toString('base64url');
    this.accessTokens.set(token, { member, expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000 });
    return token;
  }

  private issueRefresh(member: Member): string {
    const token = randomBytes(24).toString('base64url');
    this.refreshTokens.set(token, member);
    return token;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const send: Send = (status, answer, headers = {}) => {
      res.writeHead(status, { ...(answer === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
      res.end(answer === undefined ? '' : JSON.stringify(answer));
    };
    const error = (status: number, message: string, code?: string) => send(status, { status, ...(code ? { code } : {}), message });

    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorization') return this.authorize(url, res, send);
    if (req.method === 'POST' && url.pathname === '/oauth/v2/accessToken') return this.token(body, send);

    const access = this.accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!access || access.expiresAt <= Date.now()) return send(401, INVALID_TOKEN);
    const { member } = access;
    if (req.method === 'GET' && url.pathname === '/v2/userinfo') {
      const [given, ...family] = member.name.split(' ');
      return send(200, { sub: member.sub, email_verified: true, name: member.name, locale: { country: 'US', language: 'en' }, given_name: given, family_name: family.join(' '), picture: `https://media.licdn.com/dms/image/${member.sub}` });
    }
    const uploading = /^\/dms-uploads\/(\d+)$/.exec(url.pathname);
    if (req.method === 'PUT' && uploading) {
      const image = this.images.get(`urn:li:image:${uploading[1]}`);
      if (!image || image.owner !== member.urn) return error(404, 'Upload not found');
      image.bytes = body;
      return send(201);
    }
    if (!url.pathname.startsWith('/rest/')) return error(404, 'Resource not found', 'RESOURCE_NOT_FOUND');
    if (!/^\d{6}$/.test(String(req.headers['linkedin-version'] ?? ''))) return error(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', 'VERSION_MISSING');
    if (req.headers['x-restli-protocol-version'] !== '2.0.0') return error(400, 'The X-Restli-Protocol-Version header must be 2.0.0', 'ILLEGAL_ARGUMENT');
    if (req.method === 'POST' && url.pathname === '/rest/images' && url.searchParams.get('action') === 'initializeUpload') {
      const owner = (JSON.parse(body.toString() || '{}') as { initializeUploadRequest?: { owner?: string } }).initializeUploadRequest?.owner;
      if (owner !== member.urn) return error(403, `Not enough permissions to access: partnerApiImages.ACTION-initializeUpload`, 'ACCESS_DENIED');
      const id = this.id();
      this.images.set(`urn:li:image:${id}`, { owner, bytes: null });
      return send(200, { value: { uploadUrlExpiresAt: Date.now() + 3_600_000, uploadUrl: `${this.url}/dms-uploads/${id}`, image: `urn:li:image:${id}` } });
    }
    if (req.method === 'POST' && url.pathname === '/rest/posts') return this.post(member, body, send, error);
    const answered = this.commentsApi.answer(req.method ?? 'GET', url, body, member.urn) ?? this.analytics.answer(req.method ?? 'GET', url, member.urn);
    if (answered) return send(answered.status, answered.body);
    const addressed = /^\/rest\/posts\/([^/]+)$/.exec(url.pathname);
    const post = addressed ? this.postOf(decodeURIComponent(addressed[1])) : undefined;
    if (addressed && req.method === 'GET') {
      if (!post) return error(404, `Post ${decodeURIComponent(addressed[1])} not found`, 'NOT_FOUND');
      const { media: _media, ...shown } = post;
      return send(200, { id: post.urn, ...shown, visibility: 'PUBLIC', lifecycleState: 'PUBLISHED', publishedAt: post.createdAt, lastModifiedAt: post.createdAt });
    }
    if (addressed && req.method === 'DELETE') {
      if (!post) return error(404, `Post ${decodeURIComponent(addressed[1])} not found`, 'NOT_FOUND');
      if (post.author !== member.urn) return error(403, 'Not enough permissions to access: partnerApiPostsExternal.DELETE.20240501', 'ACCESS_DENIED');
      this.posts.splice(this.posts.indexOf(post), 1);
      return send(204);
    }
    error(404, 'Resource not found', 'RESOURCE_NOT_FOUND');
  }

  private post(member: Member, body: Buffer, send: Send, error: (status: number, message: string, code?: string) => void): void {
    const sent = JSON.parse(body.toString() || '{}') as { author?: string; commentary?: string; visibility?: string; lifecycleState?: string; content?: { media?: { id: string }; multiImage?: { images: { id: string }[] } } };
    if (sent.author !== member.urn) return error(403, `Not enough permissions to access: partnerApiPostsExternal.CREATE.20240501`, 'ACCESS_DENIED');
    if (sent.visibility !== 'PUBLIC' || sent.lifecycleState !== 'PUBLISHED') return error(422, 'ERROR :: /visibility :: field is required');
    const commentary = sent.commentary ?? '';
    const length = [...unescaped(commentary)].length;
    if (length > 3000) return error(422, `ERROR :: /commentary :: length of ${length} exceeds the maximum allowed length of 3000`);
    const duplicate = this.posts.find((post) => post.author === member.urn && post.commentary === commentary);
    if (duplicate) return error(422, `Content is a duplicate of ${duplicate.urn}`, 'DUPLICATE_POST');
    const ids = sent.content?.media ? [sent.content.media.id] : (sent.content?.multiImage?.images ?? []).map((image) => image.id);
    if (sent.content?.multiImage && (ids.length < 2 || ids.length > 20)) return error(422, `ERROR :: /content/multiImage/images :: array must have between 2 and 20 items`);
    const files = ids.map((id) => this.images.get(id));
    if (files.some((file) => !file?.bytes || file.owner !== member.urn)) return error(422, `ERROR :: /content :: the image has not been uploaded`);
    const urn = `urn:li:share:${this.id()}`;
    this.posts.push({ urn, author: member.urn, commentary, content: sent.content ?? null, media: files.map((file) => file!.bytes!), createdAt: Date.now() });
    send(201, undefined, { 'x-restli-id': urn, 'x-linkedin-id': urn });
  }

  private authorize(url: URL, res: ServerResponse, send: Send): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('response_type') !== 'code' || url.searchParams.get('client_id') !== this.clientId || !this.approvingMember) {
      return send(400, { error: 'invalid_request', error_description: 'The client_id or response_type is invalid' });
    }
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { member: this.approvingMember, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private token(body: Buffer, send: Send): void {
    const form = new URLSearchParams(body.toString());
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) {
      return send(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (form.get('grant_type') === 'authorization_code') {
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(400, INVALID_GRANT);
      const refresh = this.issueRefresh(grant.member);
      return send(200, { access_token: this.issueAccess(grant.member), expires_in: this.tokenLifetimeSeconds, refresh_token: refresh, refresh_token_expires_in: 31_536_000, scope: 'email,openid,profile,w_member_social' });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const member = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!member) return send(400, INVALID_GRANT);
      // LinkedIn keeps the refresh token: the same one comes back, with what remains of its life.
      return send(200, { access_token: this.issueAccess(member), expires_in: this.tokenLifetimeSeconds, refresh_token: form.get('refresh_token'), refresh_token_expires_in: 31_000_000, scope: 'email,openid,profile,w_member_social' });
    }
    send(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
  }
}

/** The text a little text commentary shows: hashtag templates as `#tag`, escapes removed. */
function unescaped(commentary: string): string {
  return commentary.replace(/\{hashtag\|\\#\|((?:\\.|[^}])*)\}/g, '#$1').replace(/\\(.)/gsu, '$1');
}
