import { randomUUID } from 'node:crypto';
import { asyncStepScenarios } from '@test/providers/support/async-step-scenarios';
import { mp4Media, pngMedia, providerScenarios, request, sampleMedia } from '@test/providers/support/provider-scenarios';
import { threadScenarios } from '@test/providers/support/thread-scenarios';
import { LocalThreads, ThreadsConnection } from '@test/providers/threads/local-threads';
import { ProcessingMessages } from '../processing/await-processing';
import { PublishMedia } from '../publish-provider';
import { QUOTA_RETRY_MS, ThreadsMessages } from './threads-api';
import { ThreadsMediaMessages } from './threads-containers';
import { THROTTLED_RETRY_MS } from './threads-errors';
import { ThreadsProvider } from './threads-provider';

jest.setTimeout(60_000);

/**
 * Threads against a local server answering as the Threads API reference documents: the shared
 * scenarios, OAuth and tokens, and what is published how (media fetched from signed addresses,
 * carousels, the quota, timeouts, errors, deletes).
 */
describe('ThreadsProvider', () => {
  let local: LocalThreads;
  let threads: ThreadsProvider;

  beforeAll(async () => {
    local = await LocalThreads.start();
    threads = local.provider();
  });
  afterAll(() => local?.stop());

  const target = () => local.target(threads);
  const connection = (): Promise<ThreadsConnection> => target().connection() as Promise<ThreadsConnection>;
  const served = <M extends PublishMedia & { bytes: Buffer }>(media: M) => local.media.serve(media);
  const userIdOf = (account: ThreadsConnection) => String(account.settings.user_id);

  describe('the scenarios of every provider', () => providerScenarios(target));
  describe('a version published as a thread', () => threadScenarios(target));
  describe('the steps of a publish (container, processing, threads_publish, permalink)', () =>
    asyncStepScenarios(target, [
      { name: 'the container’s creation', path: /^\/v1\.0\/\d+\/threads$/ },
      { name: 'the container’s status', path: /\?fields=status,error_message$/ },
      { name: 'threads_publish', path: /\/threads_publish$/ },
      { name: 'the permalink', path: /\?fields=permalink$/ },
    ]));

  it('connects with the code of an authorization: exchanges it for a long-lived token, reports the profile and keeps the token as the session', async () => {
    const { api, app } = local;
    const user = api.addUser('ada', 'Ada Lovelace');
    const redirectUri = 'https://service.example/api/oauth/threads/callback';
    api.oauth.approvingUser = user;
    const authorize = new URL(`${app.authUrl}/authorize`);
    Object.entries({ response_type: 'code', client_id: api.clientId, redirect_uri: redirectUri, state: 's', scope: 'threads_basic,threads_content_publish' }).forEach(([name, value]) => authorize.searchParams.set(name, value));
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s');
    const code = back.searchParams.get('code')!;

    const verified = await threads.verify({}, { code, redirect_uri: redirectUri });

    expect(verified).toEqual({
      kind: 'verified',
      account: { username: 'ada', name: 'Ada Lovelace', avatarUrl: `https://scontent.cdninstagram.com/v/t51.2885-19/${user.id}.jpg`, settings: { user_id: user.id }, session: { access_token: expect.any(String), refresh_token: expect.any(String), expires_at: expect.any(Number) } },
    });
    if (verified.kind !== 'verified') throw new Error('expected verified');
    const session = verified.account.session!;
    // The long-lived token is refreshed as itself, and lives 60 days.
    expect(session.refresh_token).toBe(session.access_token);
    expect(session.expires_at).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(await threads.verify({}, { code, redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'This authorization code has been used.' });
  });

  it('connects with a token sent directly, and refuses one Threads does not know', async () => {
    const { api } = local;
    const user = api.addUser('grace', 'Grace Hopper');
    expect(await threads.verify({}, api.credentialsOf(user))).toEqual({
      kind: 'verified',
      account: { username: 'grace', name: 'Grace Hopper', avatarUrl: `https://scontent.cdninstagram.com/v/t51.2885-19/${user.id}.jpg`, settings: { user_id: user.id }, session: { access_token: expect.any(String), refresh_token: null, expires_at: null } },
    });
    expect(await threads.verify({}, { access_token: 'not-a-token' })).toEqual({ kind: 'reauthorize', message: 'Invalid OAuth access token - Cannot parse access token' });
  });

  it('refreshes a token about to expire before publishing and keeps the new one; a refused refresh asks for the account to be connected again', async () => {
    const { api } = local;
    const user = api.addUser('refreshed');
    const token = api.credentialsOf(user).access_token;
    const account = await local.connected(threads, { access_token: token });
    account.session.current = { access_token: token, refresh_token: token, expires_at: Date.now() + 60_000 };
    const refreshesBefore = api.oauth.refreshes;

    expect(await threads.publish(request(account, 'After a refresh'))).toMatchObject({ kind: 'published', externalUrl: expect.stringMatching(/^https:\/\/www\.threads\.net\/@refreshed\/post\/[\w-]+$/) });
    expect(api.oauth.refreshes - refreshesBefore).toBe(1);
    expect(account.session.current.access_token).not.toBe(token);
    expect(account.session.current.refresh_token).toBe(account.session.current.access_token);
    expect(account.session.current.expires_at).toBeGreaterThan(Date.now() + 59 * 86_400_000);

    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    api.oauth.revoke(user);
    expect(await threads.publish(request(account, 'Never published'))).toEqual({
      kind: 'reauthorize',
      message: `The platform refused to refresh the access token: Error validating access token: The user has not authorized application ${api.clientId}.`,
    });
    expect(api.textsOf(user.id)).toEqual(['After a refresh']);
  });

  it('says what is missing: a code and its redirect URI, or a token; and names the settings of an app that is not configured', async () => {
    expect(threads.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(threads.validate({}, { access_token: 5 })).toEqual({ 'credentials.access_token': ['The credentials.access_token field must be a string.'] });
    expect(threads.validate({}, { access_token: 'a' })).toEqual({});
    const unconfigured = local.provider(undefined, { ...local.app, clientSecret: null });
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: 'https://service.example/cb' })).toEqual({
      kind: 'rejected',
      message: 'threads is not configured on this service: set OAUTH_THREADS_CLIENT_ID and OAUTH_THREADS_CLIENT_SECRET.',
    });
  });

  describe('what is published, and how', () => {
    it('publishes a video that Threads fetches from its signed address, and reports the post’s permalink', async () => {
      const account = await connection();
      const video = await served(mp4Media());
      const outcome = await threads.publish(request(account, 'A video', undefined, [video]));
      if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);

      const post = local.api.postOf(outcome.externalId)!;
      expect(post).toMatchObject({ text: 'A video', mediaType: 'VIDEO', files: [video.bytes] });
      expect(outcome.externalUrl).toBe(`https://www.threads.net/@${post.user.username}/post/${post.shortcode}`);
      expect(local.media.fetched).toContain(video.id);
    });

    it('publishes several media as one carousel, in their order, each fetched once', async () => {
      const account = await connection();
      const files = [await served(pngMedia(30, 20)), await served(mp4Media()), await served(pngMedia(20, 30))];
      const outcome = await threads.publish(request(account, 'A carousel', undefined, files));
      if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);

      expect(local.api.postOf(outcome.externalId)).toMatchObject({ text: 'A carousel', mediaType: 'CAROUSEL_ALBUM', files: files.map((file) => file.bytes) });
      expect(local.media.fetched.filter((id) => files.some((file) => file.id === id))).toHaveLength(3);
    });

    it('finds a carousel whose threads_publish answer was lost, and posts it once', async () => {
      const account = await connection();
      const text = `Carousel, answer lost ${randomUUID()}`;
      const same = request(account, text, undefined, [await served(pngMedia(10, 10)), await served(pngMedia(12, 12))]);
      local.proxy.failNext(/\/threads_publish$/, { hangAfterForward: true });

      expect(await threads.publish(same)).toMatchObject({ kind: 'retry_later' });
      const found = await threads.publish(same);

      expect(found).toMatchObject({ kind: 'published', externalId: expect.any(String) });
      expect(local.api.mediaOf(userIdOf(account)).filter((post) => post.text === text)).toHaveLength(1);
    });

    it('refuses more than 20 media, and formats Threads does not publish, before anything is sent', async () => {
      const account = await connection();
      local.proxy.seen.length = 0;
      const many = Array.from({ length: 21 }, () => pngMedia(2, 2));
      expect(await threads.publish(request(account, 'Too many', undefined, many))).toEqual({ kind: 'rejected', message: ThreadsMediaMessages.tooMany(21) });
      const gif = sampleMedia(Buffer.from('GIF89a'), { mimeType: 'image/gif', width: 1, height: 1 });
      expect(await threads.publish(request(account, 'A GIF', undefined, [gif]))).toEqual({ kind: 'rejected', message: ThreadsMediaMessages.unsupported('image/gif') });
      expect(local.proxy.seen).toEqual([]);
    });

    it('reports the container’s error when Threads cannot fetch the media', async () => {
      const account = await connection();
      // An address the media server refuses (unsigned): Threads' download fails.
      const video = { ...mp4Media(), url: () => `${local.media.url}/api/media-files/${randomUUID()}.mp4` };
      expect(await threads.publish(request(account, 'Never fetched', undefined, [video]))).toEqual({
        kind: 'rejected',
        message: ThreadsMessages.containerFailed('ERROR', 'FAILED_DOWNLOADING_VIDEO'),
      });
      expect(local.api.textsOf(userIdOf(account))).toEqual([]);
    });

    it('gives up on a container still processing when the processing timeout has passed since the journaled start', async () => {
      const account = await connection();
      const impatient = local.provider({ timeoutMs: 200, intervalMs: 20 });
      local.api.publishing.processingMs = Infinity;
      try {
        const same = request(account, 'Processed for ever');
        expect(await impatient.publish(same)).toEqual({ kind: 'rejected', message: ProcessingMessages.tooLong('Threads', 0, 'IN_PROGRESS') });
        // Made again, the clock goes on from the journaled start: no new container, no new wait.
        const containerCreations = local.proxy.seen.filter((seen) => /^POST \/v1\.0\/\d+\/threads$/.test(seen)).length;
        expect(await impatient.publish(same)).toEqual({ kind: 'rejected', message: ProcessingMessages.tooLong('Threads', 0, 'IN_PROGRESS') });
        expect(local.proxy.seen.filter((seen) => /^POST \/v1\.0\/\d+\/threads$/.test(seen))).toHaveLength(containerCreations);
      } finally {
        local.api.publishing.processingMs = 20;
      }
      expect(local.api.textsOf(userIdOf(account))).toEqual([]);
    });

    it('waits when the profile has used its publishing quota, before creating anything', async () => {
      const account = await connection();
      expect(await threads.publish(request(account, 'Within the quota'))).toMatchObject({ kind: 'published' });
      local.api.publishing.quotaTotal = 1;
      local.proxy.seen.length = 0;
      try {
        expect(await threads.publish(request(account, 'Over the quota'))).toEqual({ kind: 'retry_later', message: ThreadsMessages.quotaUsed(1, 1), retryAfterMs: QUOTA_RETRY_MS });
        expect(local.proxy.seen.filter((seen) => seen.startsWith('POST'))).toEqual([]);
      } finally {
        local.api.publishing.quotaTotal = 250;
      }
    });

    it('waits when Threads throttles the app (a Graph throttling code), and passes its message on', async () => {
      const account = await connection();
      const throttled = { error: { message: '(#17) User request limit reached', type: 'OAuthException', code: 17, is_transient: true, fbtrace_id: 'Ax1' } };
      local.proxy.failNext(/^\/v1\.0\/\d+\/threads$/, { answer: { status: 400, body: throttled } });
      expect(await threads.publish(request(account, 'Throttled'))).toEqual({ kind: 'retry_later', message: '(#17) User request limit reached (HTTP 400)', retryAfterMs: THROTTLED_RETRY_MS });
    });

    it('refuses a reply to a post that is not there with Threads’ own message', async () => {
      const account = await connection();
      const missing = { externalId: '17000000000000001', externalUrl: null, reference: null };
      const reply = { ...request(account, 'Replying to nothing'), followUp: { index: 1, root: missing, parent: missing } };
      expect(await threads.publish(reply)).toEqual({ kind: 'rejected', message: '(#100) Param reply_to_id must be a valid Threads media id' });
    });

    it('deletes a post; deleting it again gives Threads’ own refusal', async () => {
      const account = await connection();
      const outcome = await threads.publish(request(account, 'Short-lived'));
      if (outcome.kind !== 'published') throw new Error('expected published');
      expect(await threads.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
      expect(local.api.textsOf(userIdOf(account))).toEqual([]);
      expect(await threads.delete({ connection: account, externalId: outcome.externalId })).toEqual({
        kind: 'rejected',
        message: expect.stringMatching(new RegExp(`^Unsupported delete request\\. Object with ID '${outcome.externalId}' does not exist`)),
      });
    });
  });
});
