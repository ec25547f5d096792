import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { BUCKET_PATH, RedditMediaBucket } from './reddit-media-bucket';
import { RedditOAuth, RedditUser, Send } from './reddit-oauth';
import { Comment, commentThing, linkThing, listing, permalinkOf, Submission } from './reddit-things';

/** One of the `json.errors` of an answer: `[code, message, field]`. */
type RedditError = [string, string, string];

interface Subreddit {
  name: string;
  /** Whether posts need a flair (`SUBMIT_VALIDATION_FLAIR_REQUIRED` without `flair_id`). */
  flairRequired: boolean;
}

/** Reddit's own limits: a title, a self post's text, a comment. */
const TITLE_MAX = 300;
const TEXT_MAX = 40_000;
const COMMENT_MAX = 10_000;
/** Requests a client may make in a window of ten minutes (x-ratelimit-*). */
const REQUESTS_PER_WINDOW = 1000;

const tooLong = (max: number, field: string): RedditError => ['TOO_LONG', `this is too long (max: ${max})`, field];
const length = (text: string): number => [...text].length;

/**
 * A local Reddit answering as its API reference and OAuth2 wiki document, for
 * what the provider uses; every answer carries `x-ratelimit-used`, `-remaining` and `-reset`
 * (seconds left in the ten-minute window). OAuth: RedditOAuth. API (a bearer token, else 401
 * `{"message": "Unauthorized", "error": 401}`): `GET /api/v1/me`; `POST /api/submit` (form,
 * `api_type=json`; kinds `self` with `text`, `link` with `url`, `image` with the `url` of an
 * upload to the media bucket), which answers 200 with `{json: {errors: [[code, message, field]],
 * data}}`: a self or link post's `{url, id, name}` at once, an image post's `{user_submitted_page,
 * websocket_url}` only: the post is created once its media is processed; `POST
 * /api/media/asset.json` and the bucket (RedditMediaBucket); `POST /api/comment` (`thing_id`,
 * `text`; the comment in `data.things`); `POST /api/del` (`id`, a fullname; always `{}`); and the
 * listings `GET /user/{name}/submitted` and `/user/{name}/comments` (newest first, `limit`), whose
 * texts are HTML-escaped unless `raw_json=1`. Deleted things leave the listings; `GET /api/info`
 * (`id`: fullnames, comma-separated) still lists a deleted submission, `removed_by_category: deleted`.
 */
export class RedditApiServer {
  readonly oauth = new RedditOAuth();
  readonly posts: Submission[] = [];
  readonly comments: Comment[] = [];
  /** The User-Agent of every request, in order. */
  readonly userAgents: string[] = [];
  readonly bucket: RedditMediaBucket;
  /** How long an image post's media takes to process before the post exists. */
  imageProcessingMs = 30;
  /** When set, image posts fail processing: the post is never created (the websocket would say `failed`). */
  imageProcessingFails = false;
  private readonly subreddits = new Map<string, Subreddit>();
  private readonly users = new Map<string, RedditUser>();
  /** The wait the next submit is refused with (RATELIMIT), e.g. `5 minutes`. */
  private nextBreak: string | null = null;
  private requests = 0;
  private nextId = 1_000_000;

  private constructor(private readonly server: Server) {
    this.bucket = new RedditMediaBucket('');
    this.addSubreddit('test');
  }

  static async start(): Promise<RedditApiServer> {
    const server = createServer();
    const api = new RedditApiServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api.bucket.host = new URL(api.url).host;
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new Reddit account, with its profile's own subreddit (`u_<name>`). */
  addUser(name: string): RedditUser {
    const user = { id: this.id(), name };
    this.users.set(name.toLowerCase(), user);
    this.addSubreddit(`u_${name}`);
    return user;
  }

  /** The user of this name; throws for a name Reddit does not know. */
  userNamed(name: string): RedditUser {
    const user = this.users.get(name.toLowerCase());
    if (!user) throw new Error(`No Reddit user ${name}`);
    return user;
  }

  addSubreddit(name: string, { flairRequired = false }: Partial<Omit<Subreddit, 'name'>> = {}): void {
    this.subreddits.set(name.toLowerCase(), { name, flairRequired });
  }

  /** The next submit is refused with RATELIMIT, asking for a break of this long (`5 minutes`, `30 seconds`). */
  breakFor(wait: string): void {
    this.nextBreak = wait;
  }

  /** The submissions of the user of this name that exist (processed, not deleted), oldest first. */
  postsOf(userName: string): Submission[] {
    return this.posts.filter((post) => post.author.name === userName && !post.deleted && post.created <= Date.now());
  }

  /** The published text of each of the user's posts: the body, or a link post's URL. */
  textsOf(userName: string): string[] {
    return this.postsOf(userName).map((post) => (post.kind === 'link' ? post.url! : post.selftext));
  }

  mediaOf(userName: string): { text: string; files: Buffer[] }[] {
    return this.postsOf(userName)
      .filter((post) => post.files.length > 0)
      .map((post) => ({ text: post.selftext, files: post.files }));
  }

  /** The comments on a submission (its fullname) that are not deleted, oldest first. */
  commentsOn(fullname: string): Comment[] {
    return this.comments.filter((comment) => comment.linkId === fullname && !comment.deleted);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private id(): string {
    return (this.nextId++).toString(36);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    this.userAgents.push(req.headers['user-agent'] ?? '');
    this.requests++;
    const send: Send = (status, answer, headers = {}) => {
      const reset = 600 - (Math.floor(Date.now() / 1000) % 600);
      res.writeHead(status, {
        'content-type': 'application/json; charset=UTF-8',
        'x-ratelimit-used': String(this.requests),
        'x-ratelimit-remaining': String(Math.max(0, REQUESTS_PER_WINDOW - this.requests)),
        'x-ratelimit-reset': String(reset),
        ...headers,
      });
      res.end(answer === undefined ? '' : JSON.stringify(answer));
    };

    if (req.method === 'GET' && url.pathname === '/api/v1/authorize') return this.oauth.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/api/v1/access_token') return this.oauth.token(req, body, send);
    if (req.method === 'POST' && url.pathname === BUCKET_PATH) return this.bucket.upload(req, body, res);

    const user = this.oauth.userOf(/^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!user) return send(401, { message: 'Unauthorized', error: 401 }, { 'www-authenticate': 'Bearer realm="reddit", error="invalid_token"' });
    const form = new URLSearchParams(body.toString());
    if (req.method === 'GET' && url.pathname === '/api/v1/me') {
      return send(200, { id: user.id, name: user.name, is_employee: false, has_verified_email: true, link_karma: 1, comment_karma: 0, created_utc: 1_600_000_000, icon_img: `https://styles.redditmedia.com/t5_${user.id}/styles/profileIcon_${user.name}.png?width=256&amp;height=256&amp;crop=256:256`, subreddit: { display_name_prefixed: `u/${user.name}` } });
    }
    if (req.method === 'POST' && url.pathname === '/api/submit') return this.submit(user, form, send);
    if (req.method === 'POST' && url.pathname === '/api/media/asset.json') return this.bucket.lease(user, body, send);
    if (req.method === 'POST' && url.pathname === '/api/comment') return this.comment(user, form, send);
    if (req.method === 'POST' && url.pathname === '/api/del') {
      const thing = this.thingOf(form.get('id') ?? '');
      if (thing && thing.author.id === user.id) thing.deleted = true;
      return send(200, {});
    }
    if (req.method === 'GET' && url.pathname === '/api/info') {
      const ids = (url.searchParams.get('id') ?? '').split(',');
      return send(200, listing(this.posts.filter((post) => ids.includes(`t3_${post.id}`)).map((post) => linkThing(post, url.searchParams.get('raw_json') === '1'))));
    }
    const userListing = /^\/user\/([^/]+)\/(submitted|comments)$/.exec(url.pathname);
    if (req.method === 'GET' && userListing) return this.userListing(userListing[1], userListing[2] as 'submitted' | 'comments', url.searchParams, send);
    send(404, { message: 'Not Found', error: 404 });
  }

  private submit(user: RedditUser, form: URLSearchParams, send: Send): void {
    const errors: RedditError[] = [];
    const sr = form.get('sr') ?? '';
    const subreddit = this.subreddits.get(sr.toLowerCase());
    if (!/^[A-Za-z0-9_]{2,21}$/.test(sr) && !sr.startsWith('u_')) errors.push(['BAD_SR_NAME', "that name isn't going to work", 'sr']);
    else if (!subreddit) errors.push(['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']);
    const title = form.get('title') ?? '';
    if (!title.trim()) errors.push(['NO_TEXT', 'we need something here', 'title']);
    else if (length(title) > TITLE_MAX) errors.push(tooLong(TITLE_MAX, 'title'));
    const kind = form.get('kind');
    const text = form.get('text') ?? '';
    const address = form.get('url') ?? '';
    const upload = kind === 'image' ? this.bucket.uploadAt(address, user) : null;
    if (kind !== 'self' && kind !== 'link' && kind !== 'image') errors.push(['INVALID_OPTION', 'that option is not valid', 'kind']);
    if (length(text) > TEXT_MAX) errors.push(tooLong(TEXT_MAX, 'text'));
    if (kind === 'link' && !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(address)) errors.push(['BAD_URL', 'you should check that url', 'url']);
    if (kind === 'image' && !upload) errors.push(['BAD_URL', 'you should check that url', 'url']);
    if (subreddit?.flairRequired && !form.get('flair_id')) errors.push(['SUBMIT_VALIDATION_FLAIR_REQUIRED', 'Your post must contain post flair.', 'flair']);
    if (errors.length === 0 && this.nextBreak) {
      errors.push(['RATELIMIT', `Looks like you've been doing that a lot. Take a break for ${this.nextBreak} before trying again.`, 'ratelimit']);
      this.nextBreak = null;
    }
    if (errors.length > 0) return send(200, { json: { errors } });
    const post: Submission = {
      id: this.id(),
      author: user,
      subreddit: subreddit!.name,
      kind: kind as Submission['kind'],
      title,
      selftext: kind === 'link' ? '' : text,
      url: kind === 'link' ? address : upload ? `https://i.redd.it/${upload.assetId}.${upload.mimeType.split('/')[1]}` : null,
      flairId: form.get('flair_id'),
      flairText: form.get('flair_text'),
      sendReplies: form.get('sendreplies') !== 'false',
      files: upload ? [upload.bytes] : [],
      created: Date.now() + (upload ? this.imageProcessingMs : 0),
      deleted: false,
      counts: { ups: 1, num_comments: 0, num_crossposts: 0 },
    };
    if (!upload) {
      this.posts.push(post);
      return send(200, { json: { errors: [], data: { url: `https://www.reddit.com${permalinkOf(post)}`, drafts_count: 0, id: post.id, name: `t3_${post.id}` } } });
    }
    if (!this.imageProcessingFails) this.posts.push(post);
    send(200, { json: { errors: [], data: { user_submitted_page: `https://www.reddit.com/user/${user.name}/submitted/`, websocket_url: `wss://ws-0123456789abcdef.wss.redditmedia.com/rte_images/${randomBytes(6).toString('hex')}?m=AQAAexample` } } });
  }

  private comment(user: RedditUser, form: URLSearchParams, send: Send): void {
    const parent = this.thingOf(form.get('thing_id') ?? '');
    const text = form.get('text') ?? '';
    const errors: RedditError[] = [];
    if (!parent) errors.push(['NO_THING_ID', 'id not specified', 'parent']);
    else if (parent.deleted) errors.push(['DELETED_LINK', 'the link you are commenting on has been deleted', 'parent']);
    if (!text.trim()) errors.push(['NO_TEXT', 'we need something here', 'text']);
    else if (length(text) > COMMENT_MAX) errors.push(tooLong(COMMENT_MAX, 'text'));
    if (errors.length > 0) return send(200, { json: { errors } });
    const linkId = 'linkId' in parent! ? parent.linkId : `t3_${parent!.id}`;
    const comment: Comment = { id: this.id(), author: user, linkId, parentId: form.get('thing_id')!, subreddit: parent!.subreddit, body: text, created: Date.now(), deleted: false };
    this.comments.push(comment);
    send(200, { json: { errors: [], data: { things: [commentThing(comment, this.postOf(linkId), true)] } } });
  }

  private userListing(name: string, where: 'submitted' | 'comments', query: URLSearchParams, send: Send): void {
    const user = this.users.get(name.toLowerCase());
    if (!user) return send(404, { message: 'Not Found', error: 404 });
    const raw = query.get('raw_json') === '1';
    const limit = Math.min(Number(query.get('limit') ?? 25) || 25, 100);
    const things =
      where === 'submitted'
        ? this.postsOf(user.name).map((post) => linkThing(post, raw))
        : this.comments.filter((comment) => comment.author.id === user.id && !comment.deleted).map((comment) => commentThing(comment, this.postOf(comment.linkId), raw));
    send(200, listing(things.reverse().slice(0, limit)));
  }

  private postOf(fullname: string): Submission | undefined {
    return this.posts.find((post) => `t3_${post.id}` === fullname);
  }

  /** A submission (`t3_`) or a comment (`t1_`) by fullname. */
  private thingOf(fullname: string): Submission | Comment | undefined {
    return this.postOf(fullname) ?? this.comments.find((comment) => `t1_${comment.id}` === fullname);
  }
}
