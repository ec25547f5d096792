import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Answer, googleError, listOf } from './google-answers';
import { GoogleAccount, GoogleOAuth } from './google-oauth';
import { StoredComment, YouTubeComments } from './youtube-comments';
import { ProcessingOutcome, StoredVideo, YouTubeUploads } from './youtube-uploads';

/** Google's answer to a missing, expired or revoked access token. */
const INVALID_CREDENTIALS: Answer = {
  status: 401,
  headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  body: {
    error: {
      code: 401,
      message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' }],
      status: 'UNAUTHENTICATED',
    },
  },
};

const QUOTA_MESSAGE = 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

/** The quota units each call costs (the Data API's quota calculator); `videos.insert` has a bucket of its own, counted in calls. */
const COSTS: Record<string, number> = { 'POST /youtube/v3/commentThreads': 50, 'DELETE /youtube/v3/videos': 50, 'DELETE /youtube/v3/comments': 50 };
const INSERT = 'POST /upload/youtube/v3/videos';

/**
 * A local Google answering as the YouTube Data API v3 and Google OAuth 2 references document, for
 * what the provider uses: OAuth (GoogleOAuth: `/o/oauth2/v2/auth`, `/token`); `GET
 * /youtube/v3/channels?part=snippet&mine=true`; videos through resumable uploads, `videos.list`
 * and `videos.delete` (YouTubeUploads); comment threads and comments (YouTubeComments). Every call
 * but the session's PUTs needs a Bearer access token (401 `authError` otherwise) and spends quota
 * (403 `quotaExceeded` when the project's is spent). Errors are
 * `{error: {code, message, errors: [{message, domain, reason}]}}`.
 */
export class YouTubeApiServer {
  readonly oauth = new GoogleOAuth();
  readonly uploads = new YouTubeUploads();
  readonly comments = new YouTubeComments({ videoOwner: (videoId) => this.uploads.video(videoId)?.channelId ?? null });
  /** The project's quota units left today, for every call but `videos.insert`. */
  quotaLeft = Infinity;
  /** The project's `videos.insert` calls left today (a bucket of their own: 100 a day by default). */
  insertsLeft = Infinity;
  /** The address clients reach this server at (as www.googleapis.com), which session URIs are under: a proxy's, when one is in front. */
  publicUrl: string;

  private constructor(private readonly server: Server) {
    this.publicUrl = this.url;
  }

  static async start(): Promise<YouTubeApiServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = new YouTubeApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new Google account with a YouTube channel. */
  addChannel(title: string, handle: string | null = `@${title.toLowerCase().replace(/[^a-z0-9]/g, '')}`): GoogleAccount {
    return { channelId: `UC${randomBytes(16).toString('base64url').slice(0, 22)}`, title, customUrl: handle, hasChannel: true };
  }

  /** A Google account that has no YouTube channel. */
  addAccountWithoutChannel(): GoogleAccount {
    return { ...this.addChannel('Nobody'), hasChannel: false };
  }

  tokensOf(account: GoogleAccount): { access_token: string; refresh_token: string } {
    return this.oauth.tokensOf(account);
  }

  videosOf(channelId: string): StoredVideo[] {
    return this.uploads.videos.filter((video) => video.channelId === channelId);
  }

  /** The descriptions of the channel's videos, oldest first. */
  descriptionsOf(channelId: string): string[] {
    return this.videosOf(channelId).map((video) => video.description);
  }

  commentsOn(videoId: string): StoredComment[] {
    return this.comments.comments.filter((comment) => comment.videoId === videoId);
  }

  processNextAs(outcome: ProcessingOutcome): void {
    this.uploads.processNextAs(outcome);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, answer?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, answer === undefined ? headers : { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(answer === undefined ? '' : JSON.stringify(answer));
    };
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.oauth.authorize(url, res, send);
    if (req.method === 'POST' && url.pathname === '/token') return this.oauth.token(body, send);
    const answer = this.answer(req, url, body);
    send(answer.status, answer.body, answer.headers);
  }

  private answer(req: IncomingMessage, url: URL, body: Buffer): Answer {
    const route = `${req.method} ${url.pathname}`;
    // The session URI is the upload's credential: its PUTs need no token and spend no quota.
    if (route === 'PUT /upload/youtube/v3/videos' && url.searchParams.has('upload_id')) return this.uploads.put(url, req.headers, body);
    const account = this.oauth.accountOf(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!account) return INVALID_CREDENTIALS;
    if (!this.spend(route)) return googleError(403, 'quotaExceeded', QUOTA_MESSAGE, 'youtube.quota');
    if (route === 'GET /youtube/v3/channels' && url.searchParams.get('mine') === 'true') return listOf('channel', account.hasChannel ? [channelResource(account)] : []);
    if (!account.hasChannel) return googleError(401, 'youtubeSignupRequired', 'Unauthorized', 'youtube.header');
    switch (route) {
      case INSERT:
        return this.uploads.start(account.channelId, url, req.headers, body, this.publicUrl);
      case 'GET /youtube/v3/videos':
        return this.uploads.list(account.channelId, url);
      case 'DELETE /youtube/v3/videos':
        return this.uploads.remove(account.channelId, url);
      case 'POST /youtube/v3/commentThreads':
        return this.comments.insert(account, body);
      case 'GET /youtube/v3/commentThreads':
        return this.comments.list(account.channelId, url);
      case 'DELETE /youtube/v3/comments':
        return this.comments.remove(account.channelId, url);
      default:
        return googleError(404, 'notFound', 'Not Found', 'global');
    }
  }

  /** Whether the project's quota covers the call, which is then counted. */
  private spend(route: string): boolean {
    if (route === INSERT) {
      if (this.insertsLeft <= 0) return false;
      this.insertsLeft--;
      return true;
    }
    const cost = COSTS[route] ?? 1;
    if (cost > this.quotaLeft) return false;
    this.quotaLeft -= cost;
    return true;
  }
}

function channelResource(account: GoogleAccount): Record<string, unknown> {
  return {
    kind: 'youtube#channel',
    etag: randomBytes(8).toString('hex'),
    id: account.channelId,
    snippet: {
      title: account.title,
      description: '',
      ...(account.customUrl && { customUrl: account.customUrl }),
      thumbnails: { default: { url: `https://yt3.ggpht.com/${account.channelId}=s88-c-k-c0x00ffffff-no-rj`, width: 88, height: 88 } },
      publishedAt: '2020-01-01T00:00:00Z',
      localized: { title: account.title, description: '' },
    },
  };
}
