import { instagramUnderTest, LocalInstagram, TEST_HTTP, TEST_PROCESSING } from '@test/providers/instagram/local-instagram';
import { asyncStepScenarios } from '@test/providers/support/async-step-scenarios';
import { memorySession } from '@test/providers/support/memory-session';
import { mp4Media, pngMedia, providerScenarios, scenarioRequest } from '@test/providers/support/provider-scenarios';
import { InstagramMessages } from './instagram-post-plan';
import { InstagramProvider } from './instagram-provider';

jest.setTimeout(60_000);

const REDIRECT_URI = 'https://service.example/api/oauth/instagram/callback';

/** Instagram against a local server answering as the Instagram API with Instagram Login documents it. */
describe('InstagramProvider', () => {
  let local: LocalInstagram;
  let instagram: InstagramProvider;

  beforeAll(async () => ({ local, instagram } = await instagramUnderTest()));
  afterAll(() => local?.stop());

  describe('the scenarios of every provider', () => providerScenarios(() => local.target(instagram)));

  describe('an image post, step by step', () =>
    asyncStepScenarios(
      () => local.target(instagram),
      [
        { name: 'creating the container', path: /\/\d+\/media$/ },
        { name: 'reading the container’s status', path: /\/\d+\?fields=status_code/ },
        { name: 'publishing the container', path: /\/media_publish$/ },
        { name: 'reading the permalink', path: /\/\d+\?fields=permalink/ },
      ],
    ));

  describe('a carousel, step by step', () =>
    asyncStepScenarios(
      () => local.target(instagram, { mediaOfEveryPost: () => local.serve(pngMedia(40, 30), pngMedia(30, 40)) }),
      [
        { name: 'creating a carousel item', path: /\/\d+\/media$/ },
        { name: 'publishing the carousel', path: /\/media_publish$/ },
      ],
    ));

  describe('a reel, step by step', () =>
    asyncStepScenarios(
      () => local.target(instagram, { mediaOfEveryPost: () => local.serve(mp4Media()), optionsOfEveryPost: { instagram: { type: 'reel' } } }),
      [
        { name: 'creating the reel’s container', path: /\/\d+\/media$/ },
        { name: 'awaiting the video’s processing', path: /\/\d+\?fields=status_code/ },
        { name: 'publishing the reel', path: /\/media_publish$/ },
      ],
    ));

  /** Follows the authorization page as a browser does (the user approves) and answers the code of the redirect. */
  async function authorizedCode(username: string, name: string): Promise<{ code: string; user: ReturnType<LocalInstagram['api']['addUser']> }> {
    const user = local.api.addUser(username, name);
    local.api.login.approvingUser = user;
    const authorize = new URL(`${local.app.authUrl}/authorize`);
    Object.entries({ client_id: local.app.clientId!, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'instagram_business_basic', state: 's' }).forEach(([key, value]) => authorize.searchParams.set(key, value));
    const location = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    return { code: location.searchParams.get('code')!, user };
  }

  it('connects with the code of an authorization: a long-lived token (also the refresh token), the account’s id and handle kept', async () => {
    const { code, user } = await authorizedCode('ada.codes', 'Ada Lovelace');

    const verified = await instagram.verify({}, { code, redirect_uri: REDIRECT_URI });

    expect(verified).toEqual({
      kind: 'verified',
      account: { username: 'ada.codes', name: 'Ada Lovelace', avatarUrl: `https://scontent.cdninstagram.com/v/profile/${user.id}.jpg`, settings: { user_id: user.id, username: 'ada.codes' }, session: { access_token: expect.any(String), refresh_token: expect.any(String), expires_at: expect.any(Number) } },
    });
    if (verified.kind !== 'verified') throw new Error('expected verified');
    const session = verified.account.session!;
    expect(session.refresh_token).toBe(session.access_token);
    expect(session.expires_at as number).toBeGreaterThan(Date.now() + 59 * 24 * 3600 * 1000);
    // A code is good once: the token endpoint's own message.
    expect(await instagram.verify({}, { code, redirect_uri: REDIRECT_URI })).toEqual({ kind: 'rejected', message: 'Matching code was not found or was already used' });
  });

  it('reads the short-lived token whether the token endpoint wraps it in `data` or not, and refuses a code sent with another redirect address', async () => {
    local.api.login.flatCodeAnswer = true;
    try {
      const { code } = await authorizedCode('flat', 'Flat answer');
      expect(await instagram.verify({}, { code, redirect_uri: REDIRECT_URI })).toMatchObject({ kind: 'verified', account: { username: 'flat' } });
    } finally {
      local.api.login.flatCodeAnswer = false;
    }
    const { code } = await authorizedCode('elsewhere', 'Elsewhere');
    expect(await instagram.verify({}, { code, redirect_uri: 'https://other.example/callback' })).toEqual({ kind: 'rejected', message: expect.stringContaining('redirect_uri is identical') });
  });

  it('refreshes a token about to expire before publishing, once, and keeps the new one; a refused refresh asks for the account to be connected again', async () => {
    const account = await local.connect(instagram);
    const [image] = await local.serve(pngMedia(32, 32));
    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    const before = account.session.current.access_token;
    const refreshes = local.api.login.refreshes;

    expect(await instagram.publish(await scenarioRequest(local.target(instagram), account, 'After a refresh', undefined, [image]))).toMatchObject({ kind: 'published' });
    expect(local.api.login.refreshes - refreshes).toBe(1);
    expect(account.session.current).toEqual({ access_token: expect.not.stringMatching(String(before)), refresh_token: account.session.current!.access_token, expires_at: expect.any(Number) });
    expect(account.session.current!.expires_at).toBeGreaterThan(Date.now() + 59 * 24 * 3600 * 1000);

    // A month from its expiry, the token is used as it is.
    await instagram.publish(await scenarioRequest(local.target(instagram), account, 'No refresh needed', undefined, await local.serve(pngMedia(32, 32))));
    expect(local.api.login.refreshes - refreshes).toBe(1);

    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    local.api.login.revokeTokens(account.user);
    expect(await instagram.publish(await scenarioRequest(local.target(instagram), account, 'Never published', undefined, await local.serve(pngMedia(32, 32))))).toEqual({
      kind: 'reauthorize',
      message: 'The platform refused to refresh the access token: Invalid OAuth access token - Cannot parse access token',
    });
  });

  it('refreshes once for publishes that find the token about to expire at the same time', async () => {
    const account = await local.connect(instagram);
    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    const refreshes = local.api.login.refreshes;
    const requests = await Promise.all(['At once 1', 'At once 2'].map(async (text) => scenarioRequest(local.target(instagram), account, text, undefined, await local.serve(pngMedia(24, 24)))));

    const outcomes = await Promise.all(requests.map((same) => instagram.publish(same)));

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['published', 'published']);
    expect(local.api.login.refreshes - refreshes).toBe(1);
    expect(local.api.captionsOf(account.user.id).sort()).toEqual(['At once 1', 'At once 2']);
  });

  it('refuses to delete: Instagram’s API deletes no media of accounts connected with Instagram Login', async () => {
    const account = await local.connect(instagram);
    const outcome = await instagram.publish(await scenarioRequest(local.target(instagram), account, 'Stays', undefined, await local.serve(pngMedia(32, 32))));
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);

    expect(await instagram.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'rejected', message: InstagramMessages.noDelete });
    expect(local.api.captionsOf(account.user.id)).toEqual(['Stays']);
  });

  it('says what is missing: a code and its redirect address, or a token; names the settings of an app that is not configured, and takes a token without them', async () => {
    expect(instagram.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(instagram.validate({}, { access_token: 5 })).toEqual({ 'credentials.access_token': ['The credentials.access_token field must be a string.'] });
    const unconfigured = new InstagramProvider(TEST_HTTP, { ...local.app, clientSecret: null }, TEST_PROCESSING);
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: REDIRECT_URI })).toEqual({
      kind: 'rejected',
      message: 'instagram is not configured on this service: set OAUTH_INSTAGRAM_CLIENT_ID and OAUTH_INSTAGRAM_CLIENT_SECRET.',
    });
    const account = await local.connect(unconfigured);
    expect(account.session.current).toEqual({ access_token: account.credentials.access_token, refresh_token: account.credentials.access_token, expires_at: null });
    expect(await instagram.verify({}, { access_token: 'not-a-token' })).toEqual({ kind: 'reauthorize', message: 'Invalid OAuth access token - Cannot parse access token' });
  });

  it('asks for the account to be connected again when it does not name its Instagram account', async () => {
    const request = await scenarioRequest(local.target(instagram), { accountId: 99, settings: {}, credentials: {}, session: memorySession(null) }, 'Nowhere');
    expect(await instagram.publish(request)).toEqual({ kind: 'reauthorize', message: 'The account does not name its Instagram account; connect it again.' });
  });
});
