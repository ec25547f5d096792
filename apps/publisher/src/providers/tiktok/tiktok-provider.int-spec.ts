import { asyncStepScenarios } from '@test/providers/support/async-step-scenarios';
import { memorySession } from '@test/providers/support/memory-session';
import { providerScenarios, request, ScenarioTarget } from '@test/providers/support/provider-scenarios';
import { jpegMedia, LocalTikTok, openIdOf } from '@test/providers/tiktok/local-tiktok';
import { ProviderHttp } from '../http/provider-http';
import { TikTokProvider } from './tiktok-provider';

jest.setTimeout(60_000);

const PUBLIC = { tiktok: { privacy_level: 'PUBLIC_TO_EVERYONE' } };
const VIDEO_INIT = /^\/v2\/post\/publish\/video\/init\/$/;
const STATUS_FETCH = /^\/v2\/post\/publish\/status\/fetch\/$/;

/** TikTok against a local server answering as TikTok's Login Kit and Content Posting API references document. */
describe('TikTokProvider', () => {
  let local: LocalTikTok;

  beforeAll(async () => {
    local = await LocalTikTok.start();
  });
  afterAll(() => local?.stop());

  /** Every post a video, sent in chunks, at the public level. */
  const videoTarget = (): ScenarioTarget => ({
    provider: local.tiktok,
    proxy: local.proxy,
    publishPath: VIDEO_INIT,
    connection: () => local.connect(),
    refusedConnection: async () => local.refusedConnection(),
    overLimit: { text: 'x'.repeat(2201), message: /^The title is too long/ },
    // TikTok sends no reset header of its own; a 429 may carry Retry-After.
    rateLimitHeaders: (seconds) => ({ 'retry-after': String(seconds) }),
    publishedTexts: async (account) => local.api.textsOf(openIdOf(account)),
    publishedMedia: async (account) => local.api.mediaOf(openIdOf(account)),
    mediaOfEveryPost: async () => [await local.video()],
    mediaServer: local.mediaServer,
    optionsOfEveryPost: PUBLIC,
    // TikTok's photos are JPEG or WebP.
    attachedMedia: jpegMedia,
  });

  describe('the scenarios of every provider (a video post)', () => providerScenarios(videoTarget));
  describe('the steps of a video post', () =>
    asyncStepScenarios(videoTarget, [
      { name: 'the video init', path: VIDEO_INIT },
      { name: 'a chunk of the video', path: /^\/video\/\?upload_id=/ },
      { name: 'the status check', path: STATUS_FETCH },
    ]));
  describe('the steps of a photo post', () => asyncStepScenarios(() => ({ ...videoTarget(), mediaOfEveryPost: async () => [await local.photo()] }), [{ name: 'the status check', path: STATUS_FETCH }]));

  it('connects with the code of an authorization: exchanges it with the app’s client key, reads the creator and keeps the tokens as the session', async () => {
    const creator = local.api.addCreator('ada.lovelace', 'Ada Lovelace', { privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'], maxVideoPostDurationSec: 180 });
    const redirectUri = 'https://service.example/api/oauth/tiktok/callback';
    local.api.oauth.approvingCreator = creator;
    const authorize = new URL(`${local.app.authUrl}/authorize/`);
    Object.entries({ response_type: 'code', client_key: local.api.oauth.clientKey, redirect_uri: redirectUri, scope: 'user.info.basic,video.publish', state: 's' }).forEach(([name, value]) => authorize.searchParams.set(name, value));
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s');
    const code = back.searchParams.get('code')!;

    const verified = await local.tiktok.verify({}, { code, redirect_uri: redirectUri });

    // Without user.info.profile the handle is the creator info's.
    expect(verified).toEqual({
      kind: 'verified',
      account: {
        username: 'ada.lovelace',
        name: 'Ada Lovelace',
        avatarUrl: `https://p16-sign.tiktokcdn-us.com/${creator.openId}.jpeg`,
        settings: { open_id: creator.openId, privacy_level_options: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'], max_video_post_duration_sec: 180 },
        session: { access_token: expect.stringMatching(/^act\./), refresh_token: expect.stringMatching(/^rft\./), expires_at: expect.any(Number) },
      },
    });
    expect((verified as unknown as { account: { session: { expires_at: number } } }).account.session.expires_at).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await local.tiktok.verify({}, { code, redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'Authorization code is expired.' });
  });

  it('reads the handle from the user info where the creator granted user.info.profile, and connects a creator who cannot post today', async () => {
    const creator = local.api.addCreator('grace', 'Grace Hopper', { postingRefusal: { status: 403, code: 'spam_risk_too_many_posts', message: 'The daily post cap from the API is reached for the current user.' } });
    const verified = await local.tiktok.verify({ note: 'kept' }, local.api.tokensOf(creator, ['user.info.basic', 'user.info.profile', 'video.publish']));
    expect(verified).toMatchObject({ kind: 'verified', account: { username: 'grace', name: 'Grace Hopper', settings: { note: 'kept', open_id: creator.openId } } });
    expect((verified as unknown as { account: { settings: object } }).account.settings).not.toHaveProperty('privacy_level_options');
    expect(await local.tiktok.verify({}, { access_token: 'act.unknown' })).toEqual({ kind: 'reauthorize', message: 'The access token is invalid or not found in the request.' });
  });

  it('refreshes a token about to expire before publishing and keeps the new tokens; a refused refresh asks for the account to be connected again', async () => {
    const account = await local.connect();
    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    const before = account.session.current.refresh_token;
    const refreshes = local.api.oauth.refreshes;

    expect(await local.tiktok.publish({ ...request(account, 'After a refresh', undefined, [await local.video()]), options: PUBLIC })).toMatchObject({ kind: 'published' });
    expect(local.api.oauth.refreshes - refreshes).toBe(1);
    // TikTok answered a new refresh token, and spent the one before.
    expect(account.session.current.refresh_token).not.toBe(before);
    expect(account.session.current.expires_at).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    local.api.oauth.revokeRefreshTokens(openIdOf(account));
    expect(await local.tiktok.publish({ ...request(account, 'Never published', undefined, [await local.video()]), options: PUBLIC })).toEqual({
      kind: 'reauthorize',
      message: 'The platform refused to refresh the access token: Refresh token is invalid or expired.',
    });
    expect(local.api.textsOf(openIdOf(account))).toEqual(['After a refresh']);
  });

  it('asks for the account to be connected again when its token lacks the posting scope, with TikTok’s message', async () => {
    const creator = local.api.addCreator('basic.only');
    const message = 'The user did not authorize the scope required for completing this request.';
    expect(await local.tiktok.verify({}, local.api.tokensOf(creator, ['user.info.basic']))).toEqual({ kind: 'reauthorize', message });
    const account = { ...(await local.connect(creator)), session: memorySession({ access_token: local.api.tokensOf(creator, ['user.info.basic']).access_token, refresh_token: null, expires_at: null }) };
    expect(await local.tiktok.publish({ ...request(account, 'Never published', undefined, [await local.video()]), options: PUBLIC })).toEqual({ kind: 'reauthorize', message });
  });

  it('deletes nothing: the Content Posting API offers no deletion, which is a definite refusal', async () => {
    const account = await local.connect();
    expect(await local.tiktok.delete({ connection: account, externalId: '7400000000000000001' })).toEqual({
      kind: 'rejected',
      message: 'TikTok’s Content Posting API offers no way to delete a post: delete it in the TikTok app.',
    });
  });

  it('says what is missing: a code and its redirect URI, or tokens; and names the settings of an app that is not configured', async () => {
    expect(local.tiktok.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(local.tiktok.validate({}, { access_token: 5 })).toEqual({ 'credentials.access_token': ['The credentials.access_token field must be a string.'] });
    expect(local.tiktok.validate({}, { access_token: 'act.a', refresh_token: 'rft.r' })).toEqual({});
    const unconfigured = new TikTokProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { ...local.app, clientSecret: null }, { timeoutMs: 1_000, intervalMs: 10 });
    const refusal = { kind: 'rejected', message: 'tiktok is not configured on this service: set OAUTH_TIKTOK_CLIENT_ID and OAUTH_TIKTOK_CLIENT_SECRET.' };
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: 'https://service.example/cb' })).toEqual(refusal);
    // Tokens sent directly still publish; a refresh that falls due cannot happen, and says why.
    const account = await local.connect();
    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    expect(await unconfigured.publish({ ...request(account, 'Not refreshed', undefined, [await local.video()]), options: PUBLIC })).toEqual(refusal);
  });
});
