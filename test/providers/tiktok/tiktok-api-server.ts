import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { TikTokContentPosting, TikTokPublish } from './tiktok-content-posting';
import { apiError, apiOk, APP_SCOPES, logId, TikTokAnswer, TikTokCreator, TikTokGrant, TikTokOAuth } from './tiktok-oauth';
import { TikTokVideoQuery } from './tiktok-video-query';

/** The scope each field of `GET /v2/user/info/` needs. */
const USER_FIELD_SCOPES: Readonly<Record<string, string>> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

/**
 * A local TikTok answering as its references document, for what the provider uses: Login Kit's
 * authorization page and token endpoint (TikTokOAuth), `GET /v2/user/info/` (each field needs its
 * scope: `username` needs `user.info.profile`, else 401 `scope_not_authorized`), and the Content
 * Posting API's direct post (TikTokContentPosting): creator info, the video init and its chunked
 * upload to the upload URL, the photo init (images pulled from their addresses), the status of a
 * publish; and the Display API's video query with its counts (TikTokVideoQuery). Every API answer is `{data, error: {code, message, log_id}}`; a token that is not valid
 * is a 401 `access_token_invalid`. TikTok sends no rate-limit headers (a 429 is
 * `rate_limit_exceeded`, its window a sliding minute).
 */
export class TikTokApiServer {
  readonly oauth = new TikTokOAuth();
  readonly posting = new TikTokContentPosting(() => this.publicUrl ?? this.url);
  readonly videos = new TikTokVideoQuery(this.posting);
  /** Where upload URLs point: the proxy in front of this server, so that tests can fail uploads; this server unless told. */
  publicUrl: string | null = null;
  private nextOpenId = 1;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<TikTokApiServer> {
    const server = createServer();
    const api = new TikTokApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new creator on TikTok, with a public account unless told. */
  addCreator(username: string, displayName = username, account: Partial<TikTokCreator> = {}): TikTokCreator {
    const openId = `-000${this.nextOpenId++}${randomBytes(6).toString('hex')}`;
    return {
      openId,
      unionId: `c9c60f44-${randomBytes(4).toString('hex')}`,
      username,
      displayName,
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoPostDurationSec: 600,
      postingRefusal: null,
      ...account,
    };
  }

  /** Tokens of a creator who granted these scopes (the app's unless told), as the token endpoint would have issued them. */
  tokensOf(creator: TikTokCreator, scopes: readonly string[] = APP_SCOPES): { access_token: string; refresh_token: string } {
    return this.oauth.tokensOf(creator, scopes);
  }

  /** Every publish of the creator, in order, as TikTok keeps it (failed and unfinished ones too). */
  publishesOf(openId: string): TikTokPublish[] {
    return this.posting.publishes.filter((publish) => publish.openId === openId);
  }

  /** The captions of the creator's posts that are on TikTok (their media whole, not failed). */
  textsOf(openId: string): string[] {
    return this.publishesOf(openId)
      .filter((publish) => this.posting.isOnTikTok(publish))
      .map((publish) => publish.text);
  }

  /** The creator's posts on TikTok: each one's caption and its media as TikTok received or fetched them. */
  mediaOf(openId: string): { text: string; files: Buffer[] }[] {
    return this.publishesOf(openId)
      .filter((publish) => this.posting.isOnTikTok(publish))
      .map((publish) => ({ text: publish.text, files: this.posting.filesOf(publish) }));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = this.answer(req, new URL(req.url ?? '/', this.url), Buffer.concat(chunks));
    if (answer.location) {
      res.writeHead(answer.status, { location: answer.location }).end();
      return;
    }
    const headers: Record<string, string> = { 'x-tt-logid': logId() };
    if (answer.body !== undefined) headers['content-type'] = 'application/json; charset=UTF-8';
    res.writeHead(answer.status, headers).end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  }

  private answer(req: IncomingMessage, url: URL, body: Buffer): TikTokAnswer {
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /v2/auth/authorize/') return this.oauth.authorize(url);
    if (route === 'POST /v2/oauth/token/') return this.oauth.token(new URLSearchParams(body.toString()));
    // The upload URL carries its own token.
    if (route === 'PUT /video/') return this.posting.uploadChunk(url.searchParams, req.headers['content-type'], req.headers['content-range'], body);
    const grant = this.oauth.grantOf(req.headers.authorization);
    if (!grant) return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    if (route === 'GET /v2/user/info/') return this.userInfo(grant, url.searchParams.get('fields') ?? '');
    const json = parseJson(body);
    if (json === null) return apiError(400, 'invalid_param', 'The request body is not valid JSON.');
    if (route === 'POST /v2/post/publish/creator_info/query/') return this.posting.creatorInfo(grant);
    if (route === 'POST /v2/post/publish/video/init/') return this.posting.initVideo(grant, json);
    if (route === 'POST /v2/post/publish/content/init/') return this.posting.initPhotos(grant, json);
    if (route === 'POST /v2/post/publish/status/fetch/') return this.posting.status(grant, json);
    if (route === 'POST /v2/video/query/') return this.videos.query(grant, url.searchParams.get('fields') ?? '', json);
    return apiError(404, 'invalid_param', 'The requested API does not exist.');
  }

  private userInfo({ creator, scopes }: TikTokGrant, fields: string): TikTokAnswer {
    const asked = fields.split(',').filter(Boolean);
    if (asked.length === 0 || asked.some((field) => !(field in USER_FIELD_SCOPES))) return apiError(400, 'invalid_params', 'The fields parameter is invalid.');
    if (asked.some((field) => !scopes.includes(USER_FIELD_SCOPES[field]))) return apiError(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
    const values: Record<string, unknown> = {
      open_id: creator.openId,
      union_id: creator.unionId,
      avatar_url: `https://p16-sign.tiktokcdn-us.com/${creator.openId}.jpeg`,
      display_name: creator.displayName,
      username: creator.username,
      profile_deep_link: `https://vm.tiktok.com/${creator.openId}`,
      is_verified: false,
    };
    return apiOk({ user: Object.fromEntries(asked.filter((field) => field in values).map((field) => [field, values[field]])) });
  }
}

function parseJson(body: Buffer): Record<string, unknown> | null {
  if (body.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(body.toString());
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
