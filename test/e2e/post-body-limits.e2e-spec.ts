import { MastodonApiServer } from '../providers/mastodon/mastodon-api-server';
import { ApiClient, createdBody } from './support/api-client';
import { approverWorkspace, connectSandbox, validation } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

const original = (body = 'Hello', extra: Record<string, unknown> = {}) => ({ account_id: 0, is_original: true, content: [{ body, media: [] }], options: {}, ...extra });

/** The contract's "Limits on a post body" over HTTP: floods and invalid characters are a 422, never stored. */
describe('limits on a post body (the built service)', () => {
  let service: RunningService;
  let mastodon: MastodonApiServer;
  let admin: ApiClient;
  let workspace: string;
  let sandbox: number;
  let toots: number;
  const posts = () => `/api/${workspace}/posts`;

  beforeAll(async () => {
    mastodon = await MastodonApiServer.start(640);
    service = await startService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Limits');
    sandbox = await connectSandbox(admin, workspace);
    const credentials = { access_token: mastodon.addAccount('ada', 'Ada') };
    toots = createdBody(await admin.post(`/api/${workspace}/accounts`, { provider: 'mastodon', settings: { instance: mastodon.url }, credentials }), 'connecting mastodon').id;
  });
  afterAll(async () => {
    await service?.dispose();
    await mastodon?.stop();
  });

  it('a 1 MB body of 20,000 versions: 422 under versions, and nothing is stored', async () => {
    const filler = { content: [{ body: 'x'.repeat(24) }] };
    const body = { versions: [original(), ...Array.from({ length: 19_999 }, () => filler)] };
    const size = Buffer.byteLength(JSON.stringify(body));
    expect(size).toBeGreaterThan(1_000_000);
    expect(size).toBeLessThan(1024 * 1024);

    const answer = await admin.post(posts(), body);

    expect(answer).toMatchObject(validation({ versions: ['The versions field must not have more than 20 items.'] }));
    expect((await admin.get(posts())).body.meta.total).toBe(0);
  });

  it('more than 20 content items, a body over 100000 characters, more than 50 tags: each under its key', async () => {
    const content = Array.from({ length: 21 }, () => ({ body: 'a', media: [] }));
    content[2] = { body: 'b'.repeat(100_001), media: [] };
    const answer = await admin.post(posts(), { versions: [original('', { content })], tags: Array.from({ length: 51 }, (_, i) => `t${i}`) });
    expect(answer).toMatchObject(
      validation({
        'versions.0.content': ['The content field must not have more than 20 items.'],
        'versions.0.content.2.body': ['The body field must not be greater than 100000 characters.'],
        tags: ['The tags field must not have more than 50 items.'],
      }),
    );
  });

  it('a NUL in the text: 422 under the body key (it was a 503)', async () => {
    expect(await admin.post(posts(), { versions: [original('Hello\u0000world')] })).toMatchObject(
      validation({ 'versions.0.content.0.body': ['The body field contains invalid characters.'] }),
    );
  });

  it('a NUL in a tag, a media entry, deep in options, or an unpaired surrogate in the text: 422 under each key, at once', async () => {
    const version = original('\ud800', { content: [{ body: '\ud800', media: ['\u0000'] }], options: { x: { thread: ['ok', 'no\u0000'] } } });
    expect(await admin.post(posts(), { versions: [version], tags: ['\u0000'] })).toMatchObject(
      validation({
        'versions.0.content.0.body': ['The body field contains invalid characters.'],
        'versions.0.content.0.media.0': ['The 0 field contains invalid characters.'],
        'versions.0.options.x.thread.1': ['The 1 field contains invalid characters.'],
        'tags.0': ['The 0 field contains invalid characters.'],
      }),
    );
  });

  it('options nested too deep or too large: 422 under options', async () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: {} } } } } } } } };
    expect(await admin.post(posts(), { versions: [original('Hi', { options: deep })] })).toMatchObject(
      validation({ 'versions.0.options': ['The options field must not be nested more than 8 levels deep.'] }),
    );
  });

  it('an update is held to the same limits', async () => {
    const post = createdBody(await admin.post(posts(), { versions: [original()] }), 'creating a draft');
    expect(await admin.put(`${posts()}/${post.uuid}`, { versions: [original('\u0000')] })).toMatchObject(
      validation({ 'versions.0.content.0.body': ['The body field contains invalid characters.'] }),
    );
  });

  it('at schedule time, a text over the instance limit Mastodon reported at connect: 422 under accounts.N', async () => {
    const scheduled = (text: string) => ({ versions: [original(text)], accounts: [sandbox, toots], schedule_now: true });
    expect(await admin.post(posts(), scheduled('a'.repeat(641)))).toMatchObject(
      validation({ 'accounts.1': ['The text is longer than mastodon allows (640 characters).'] }),
    );
    expect((await admin.post(posts(), { ...scheduled('a'.repeat(641)), schedule_now: false })).status).toBe(201);
    expect((await admin.post(posts(), scheduled('a'.repeat(600)))).status).toBe(201);
  });

  it('at schedule time, the limit holds for each content item on its own: a thread of items within it is taken, one item over it is not', async () => {
    const thread = (...lengths: number[]) => ({ versions: [original('', { content: lengths.map((length) => ({ body: 'a'.repeat(length), media: [] })) })], accounts: [toots], schedule_now: true });
    expect((await admin.post(posts(), thread(640, 640, 640))).status).toBe(201);
    expect(await admin.post(posts(), thread(640, 641))).toMatchObject(validation({ 'accounts.0': ['The text is longer than mastodon allows (640 characters).'] }));
  });
});
