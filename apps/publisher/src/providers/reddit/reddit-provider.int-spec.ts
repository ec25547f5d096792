import { asyncStepScenarios } from '@test/providers/support/async-step-scenarios';
import { memoryProgress } from '@test/providers/support/memory-session';
import { providerScenarios, request } from '@test/providers/support/provider-scenarios';
import { nameOf, RedditFixture, SCENARIO_OPTIONS } from '@test/providers/reddit/reddit-fixture';
import { ProviderConnection, PublishRequest } from '../publish-provider';
import { REDDIT_USER_AGENT } from './reddit-api';
import { RedditProvider } from './reddit-provider';
import { RedditPublishMessages } from './reddit-submission';

jest.setTimeout(60_000);

/** Reddit against a local server answering as Reddit's API reference and OAuth2 wiki document. */
describe('RedditProvider', () => {
  let reddit: RedditFixture;
  let provider: RedditProvider;

  beforeAll(async () => {
    reddit = await RedditFixture.start();
    provider = reddit.provider();
  });
  afterAll(() => reddit?.stop());

  const connection = (settings: Record<string, unknown> = {}) => reddit.connection(provider, settings);
  /** A post of the given text with these Reddit options (a subreddit and a title unless told). */
  const post = (account: ProviderConnection, text: string, options: Record<string, unknown> = SCENARIO_OPTIONS.reddit): PublishRequest => ({ ...request(account, text), options: { reddit: options } });

  describe('the scenarios of every provider (self posts)', () => providerScenarios(() => reddit.target(provider)));
  describe('the scenarios of every provider (image posts)', () => providerScenarios(() => reddit.imageTarget(provider)));
  describe('the steps of an image post, each cut off', () =>
    asyncStepScenarios(
      () => reddit.imageTarget(provider),
      [
        { name: 'the upload lease', path: /^\/api\/media\/asset\.json$/ },
        { name: 'the upload to the media bucket', path: /^\/reddit-uploaded-media$/ },
        { name: 'the image submit', path: /^\/api\/submit$/ },
      ],
    ));

  it('publishes a self post to the options’ subreddit with their title and flair, and answers its fullname and address', async () => {
    const account = await connection();
    const outcome = await provider.publish(post(account, 'Release notes: *all* of them', { subreddit: 'r/test', title: 'Version 2 & more', flair_id: '7c2f6c4e-0b1e-11ee-9d4a-1e0b6a3a9f10', flair_text: 'Release' }));
    const [created] = reddit.api.postsOf(nameOf(account));
    expect(created).toMatchObject({ subreddit: 'test', kind: 'self', title: 'Version 2 & more', selftext: 'Release notes: *all* of them', flairId: '7c2f6c4e-0b1e-11ee-9d4a-1e0b6a3a9f10', flairText: 'Release', sendReplies: true });
    expect(outcome).toEqual({ kind: 'published', externalId: `t3_${created.id}`, externalUrl: `https://www.reddit.com/r/test/comments/${created.id}/version_2_more/` });
  });

  it('publishes a text that is only a web address as a link post to it', async () => {
    const account = await connection();
    expect(await provider.publish(post(account, '  https://example.com/launch?ref=reddit  '))).toMatchObject({ kind: 'published' });
    expect(reddit.api.postsOf(nameOf(account))).toEqual([expect.objectContaining({ kind: 'link', url: 'https://example.com/launch?ref=reddit', selftext: '' })]);
  });

  it('takes the account’s subreddit when the options name none, and says what is missing otherwise', async () => {
    const account = await connection({ subreddit: 'r/test' });
    expect(await provider.publish(post(account, 'To the default', { title: 'Default' }))).toMatchObject({ kind: 'published' });
    expect(reddit.api.postsOf(nameOf(account)).map((found) => found.subreddit)).toEqual(['test']);
    const bare = await connection();
    expect(await provider.publish(post(bare, 'Nowhere', { title: 'No subreddit' }))).toEqual({ kind: 'rejected', message: RedditPublishMessages.noSubreddit });
    expect(await provider.publish(post(bare, 'Untitled', { subreddit: 'test' }))).toEqual({ kind: 'rejected', message: RedditPublishMessages.noTitle });
  });

  it('reports Reddit’s own refusals: a subreddit that does not exist, a flair the subreddit requires', async () => {
    reddit.api.addSubreddit('flaired', { flairRequired: true });
    const account = await connection();
    expect(await provider.publish(post(account, 'Lost', { subreddit: 'nosuchplace', title: 'Where' }))).toEqual({ kind: 'rejected', message: "that subreddit doesn't exist [SUBREDDIT_NOEXIST: sr]" });
    expect(await provider.publish(post(account, 'Bare', { subreddit: 'flaired', title: 'No flair' }))).toEqual({ kind: 'rejected', message: 'Your post must contain post flair. [SUBMIT_VALIDATION_FLAIR_REQUIRED: flair]' });
    expect(reddit.api.postsOf(nameOf(account))).toEqual([]);
  });

  it('waits as long as Reddit’s RATELIMIT refusal says, then publishes once', async () => {
    const account = await connection();
    reddit.api.breakFor('5 minutes');
    const same = post(account, 'Posted after a break');
    expect(await provider.publish(same)).toEqual({ kind: 'retry_later', message: "Looks like you've been doing that a lot. Take a break for 5 minutes before trying again. [RATELIMIT: ratelimit]", retryAfterMs: 300_000 });
    expect(await provider.publish(same)).toMatchObject({ kind: 'published' });
    expect(reddit.api.textsOf(nameOf(account))).toEqual(['Posted after a break']);
  });

  it('uploads an image once: a submit refused for a while is made again with the uploaded image, which becomes the post’s', async () => {
    const account = await connection();
    const [image] = await reddit.imageTarget(provider).mediaOfEveryPost!();
    const same: PublishRequest = { ...post(account, 'A picture', { subreddit: 'test', title: 'Look' }), media: [image] };
    reddit.proxy.seen.length = 0;
    reddit.proxy.failNext(/^\/api\/submit$/, { answer: { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2' }, body: { message: 'Too Many Requests', error: 429 } } });
    expect(await provider.publish(same)).toEqual({ kind: 'retry_later', message: 'Too Many Requests (HTTP 429)', retryAfterMs: 2_000 });
    const outcome = await provider.publish(same);
    const [created] = reddit.api.postsOf(nameOf(account));
    expect(outcome).toEqual({ kind: 'published', externalId: `t3_${created.id}`, externalUrl: `https://www.reddit.com/r/test/comments/${created.id}/look/` });
    expect(created).toMatchObject({ kind: 'image', selftext: 'A picture', url: expect.stringMatching(/^https:\/\/i\.redd\.it\/\w+\.png$/) });
    expect(created.files).toEqual([image.bytes]);
    expect(reddit.proxy.seen.filter((seen) => !seen.includes('/user/'))).toEqual(['POST /api/media/asset.json', 'POST /reddit-uploaded-media', 'POST /api/submit', 'POST /api/submit']);
  });

  it('takes a 5xx to an image submit at its word once the account’s posts do not show it: the next try submits again', async () => {
    const account = await connection();
    const [image] = await reddit.imageTarget(provider).mediaOfEveryPost!();
    const same: PublishRequest = { ...post(account, 'Second try'), media: [image] };
    reddit.proxy.failNext(/^\/api\/submit$/, { answer: { status: 502, body: { message: 'Bad Gateway', error: 502 } } });
    expect(await provider.publish(same)).toMatchObject({ kind: 'retry_later', message: 'Bad Gateway (HTTP 502)' });
    expect(await same.progress.read()).toMatchObject({ submitted_at: null, image_url: expect.any(String) });
    expect(await provider.publish(same)).toMatchObject({ kind: 'published' });
    expect(reddit.api.textsOf(nameOf(account))).toEqual(['Second try']);
  });

  it('gives up on an image post Reddit never creates once the processing timeout has passed', async () => {
    const account = await connection();
    const image = (await reddit.imageTarget(provider).mediaOfEveryPost!())[0];
    reddit.api.imageProcessingFails = true;
    try {
      const outcome = await reddit.provider({ timeoutMs: 200 }).publish({ ...post(account, 'Never processed'), media: [image] });
      expect(outcome).toEqual({ kind: 'rejected', message: 'Reddit was still processing the media after 0 minutes (its last status: the image post is not among the account’s posts yet).' });
    } finally {
      reddit.api.imageProcessingFails = false;
    }
  });

  it('refuses media Reddit posts cannot carry here before calling Reddit: a video, two images', async () => {
    const account = await connection();
    const [image] = await reddit.imageTarget(provider).mediaOfEveryPost!();
    reddit.proxy.seen.length = 0;
    const video = { ...image, mimeType: 'video/mp4' };
    expect(await provider.publish({ ...post(account, 'A video'), media: [video] })).toEqual({ kind: 'rejected', message: 'Reddit video posts are not published by this service: a Reddit post carries a text, a link or one image.' });
    expect(await provider.publish({ ...post(account, 'Two'), media: [image, image] })).toEqual({ kind: 'rejected', message: 'A Reddit post carries at most one image here (galleries are not published).' });
    expect(reddit.proxy.seen).toEqual([]);
  });

  it('looks only at posts made since the first attempt: an older post of the same title is not taken for a lost one', async () => {
    const account = await connection();
    expect(await provider.publish(post(account, 'First'))).toMatchObject({ kind: 'published' });
    const later = { ...post(account, 'Second'), firstAttemptAt: new Date(Date.now() + 60_000), progress: memoryProgress({ submitted_at: Date.now() }) };
    expect(await provider.publish(later)).toMatchObject({ kind: 'published' });
    expect(reddit.api.textsOf(nameOf(account))).toEqual(['First', 'Second']);
  });

  it('deletes a post; one already gone counts as deleted', async () => {
    const account = await connection();
    const outcome = await provider.publish(post(account, 'Short-lived'));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await provider.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(reddit.api.textsOf(nameOf(account))).toEqual([]);
    expect(await provider.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
  });

  it('names the service in the User-Agent of every call, token requests and uploads included', async () => {
    const from = reddit.api.userAgents.length;
    const account = await connection();
    account.session.current = { ...account.session.current, expires_at: Date.now() };
    const [image] = await reddit.imageTarget(provider).mediaOfEveryPost!();
    expect(await provider.publish({ ...post(account, 'Named'), media: [image] })).toMatchObject({ kind: 'published' });
    const agents = reddit.api.userAgents.slice(from);
    expect(agents.length).toBeGreaterThanOrEqual(5);
    expect(new Set(agents)).toEqual(new Set([REDDIT_USER_AGENT]));
    expect(REDDIT_USER_AGENT).toMatch(/^server:social-publishing-service:\d+\.\d+\.\d+/);
  });

  it('says what is missing: a code and its redirect URI, or tokens; a subreddit setting must be a text', () => {
    expect(provider.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(provider.validate({ subreddit: 5 }, { access_token: 'a', refresh_token: 'r' })).toEqual({ 'settings.subreddit': ['The settings.subreddit field must be a string.'] });
    expect(provider.validate({ subreddit: 'test' }, { access_token: 'a', refresh_token: 'r' })).toEqual({});
  });

  describe('tokens', () => {
    const redirectUri = 'https://service.example/api/oauth/reddit/callback';

    /** The code of the authorization `name` gives on Reddit's page, for a grant of this duration. */
    async function authorizationCode(name: string, duration = 'permanent'): Promise<string> {
      reddit.api.oauth.approvingUser = reddit.api.addUser(name);
      const authorize = new URL(`${reddit.app.authUrl}/authorize`);
      const query = { client_id: reddit.api.oauth.clientId, response_type: 'code', state: 's', redirect_uri: redirectUri, duration, scope: 'identity submit read flair edit history' };
      Object.entries(query).forEach(([field, value]) => authorize.searchParams.set(field, value));
      const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
      expect(back.searchParams.get('state')).toBe('s');
      return back.searchParams.get('code')!;
    }

    it('connects with the code of a permanent authorization: the handle u/<name>, the name kept in the settings, the tokens as the session', async () => {
      const code = await authorizationCode('ada_lovelace');
      const verified = await provider.verify({ subreddit: 'test' }, { code, redirect_uri: redirectUri });
      expect(verified).toEqual({
        kind: 'verified',
        account: {
          username: 'u/ada_lovelace',
          name: 'ada_lovelace',
          avatarUrl: expect.stringMatching(/^https:\/\/styles\.redditmedia\.com\/t5_[^/]+\/styles\/profileIcon_ada_lovelace\.png\?width=256&height=256&crop=256:256$/),
          settings: { subreddit: 'test', user_name: 'ada_lovelace' },
          session: { access_token: expect.any(String), refresh_token: expect.any(String), expires_at: expect.any(Number) },
        },
      });
      if (verified.kind !== 'verified') throw new Error('expected verified');
      const expires_at = Number(verified.account.session?.expires_at);
      expect(expires_at).toBeGreaterThan(Date.now() + 3_500_000);
      expect(expires_at).toBeLessThanOrEqual(Date.now() + 3_600_000);
      expect(await provider.verify({}, { code, redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'invalid_grant' });
    });

    it('refreshes a token about to expire before publishing, keeping the refresh token Reddit does not rotate; a refused refresh asks to connect again', async () => {
      const account = await reddit.connected(provider, { code: await authorizationCode('grace_hopper'), redirect_uri: redirectUri });
      const { access_token: before, refresh_token: kept } = account.session.current!;
      account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };

      expect(await provider.publish(post(account, 'After a refresh'))).toMatchObject({ kind: 'published' });
      expect(account.session.current).toEqual({ access_token: expect.any(String), refresh_token: kept, expires_at: expect.any(Number) });
      expect(account.session.current.access_token).not.toBe(before);
      expect(account.session.current.expires_at).toBeGreaterThan(Date.now() + 3_500_000);

      account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
      reddit.api.oauth.revokeRefreshTokens(userOf(account));
      expect(await provider.publish(post(account, 'Never published'))).toEqual({ kind: 'reauthorize', message: 'The platform refused to refresh the access token: invalid_grant' });
      expect(reddit.api.textsOf(nameOf(account))).toEqual(['After a refresh']);
    });

    it('refreshes tokens sent directly when Reddit refuses the access token, once for calls that meet the refusal together, and sends the call again', async () => {
      const account = await reddit.connection(provider);
      const { refresh_token: kept } = account.session.current!;
      reddit.api.oauth.expireAccessTokens(userOf(account));
      const refreshes = reddit.api.oauth.refreshes;

      const outcomes = await Promise.all([provider.publish(post(account, 'One')), provider.publish(post(account, 'Two', { subreddit: 'test', title: 'Another' }))]);

      expect(outcomes).toEqual([expect.objectContaining({ kind: 'published' }), expect.objectContaining({ kind: 'published' })]);
      expect(reddit.api.oauth.refreshes - refreshes).toBe(1);
      expect(account.session.current).toMatchObject({ refresh_token: kept, expires_at: expect.any(Number) });
      expect(reddit.api.textsOf(nameOf(account)).sort()).toEqual(['One', 'Two']);
    });

    it('refreshes an expired access token sent directly while connecting, and keeps the new tokens', async () => {
      const user = reddit.api.addUser('late_connector');
      const tokens = reddit.api.oauth.tokensOf(user);
      reddit.api.oauth.expireAccessTokens(user);
      const verified = await provider.verify({}, tokens);
      expect(verified).toMatchObject({ kind: 'verified', account: { username: 'u/late_connector', session: { refresh_token: tokens.refresh_token, expires_at: expect.any(Number) } } });
      if (verified.kind !== 'verified') throw new Error('expected verified');
      expect(verified.account.session?.access_token).not.toBe(tokens.access_token);
    });

    it('asks to connect again when Reddit refuses tokens that cannot be refreshed', async () => {
      const user = reddit.api.addUser('revoked_user');
      const tokens = reddit.api.oauth.tokensOf(user);
      reddit.api.oauth.expireAccessTokens(user);
      reddit.api.oauth.revokeRefreshTokens(user);
      expect(await provider.verify({}, tokens)).toEqual({ kind: 'reauthorize', message: 'The platform refused to refresh the access token: invalid_grant' });
      expect(await provider.verify({}, { access_token: tokens.access_token })).toEqual({ kind: 'reauthorize', message: 'Unauthorized' });
    });

    it('names the settings of an app that is not configured; tokens sent directly still publish while Reddit takes them', async () => {
      const unconfigured = reddit.provider({}, { clientSecret: null });
      expect(await unconfigured.verify({}, { code: 'c', redirect_uri: redirectUri })).toEqual({
        kind: 'rejected',
        message: 'reddit is not configured on this service: set OAUTH_REDDIT_CLIENT_ID and OAUTH_REDDIT_CLIENT_SECRET.',
      });
      const account = await reddit.connection(unconfigured);
      expect(await unconfigured.publish(post(account, 'Without the app'))).toMatchObject({ kind: 'published' });
      reddit.api.oauth.expireAccessTokens(userOf(account));
      expect(await unconfigured.publish(post(account, 'Refused'))).toEqual({ kind: 'reauthorize', message: 'Unauthorized' });
    });

    /** The Reddit user of an account, as the server's token helpers take it. */
    const userOf = (account: ProviderConnection) => reddit.api.userNamed(nameOf(account));
  });
});
