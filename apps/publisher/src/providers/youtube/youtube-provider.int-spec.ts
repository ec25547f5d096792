import { createHash, randomBytes } from 'node:crypto';
import { asyncStepScenarios } from '@test/providers/support/async-step-scenarios';
import { memoryProgress, memorySession } from '@test/providers/support/memory-session';
import { providerScenarios, scenarioRequest } from '@test/providers/support/provider-scenarios';
import { channelOf, LocalYouTube } from '@test/providers/youtube/local-youtube';
import { UPLOAD_UNIT } from '@test/providers/youtube/youtube-uploads';
import { YouTubeMessages } from './youtube-provider';

jest.setTimeout(60_000);

/** YouTube against a local Google answering as the YouTube Data API v3 and Google OAuth 2 references document. */
describe('YouTubeProvider', () => {
  let local: LocalYouTube;

  beforeAll(async () => {
    local = await LocalYouTube.start();
  });
  afterAll(() => local?.stop());

  describe('the scenarios of every provider', () => providerScenarios(() => local.target()));

  describe('each step of a chunked upload, its answer lost or cut off by a crash', () =>
    asyncStepScenarios(
      () => local.target(),
      [
        { name: 'the start of the upload session', path: /^\/upload\/youtube\/v3\/videos\?uploadType=resumable&part=[^&]*$/ },
        { name: 'the first chunk of the video', path: /upload_id=/ },
        { name: 'a check of the processing', path: /^\/youtube\/v3\/videos\?part=status/ },
      ],
    ));

  describe('the last chunk, its answer lost or cut off by a crash', () =>
    asyncStepScenarios(() => local.target(local.providerWith(undefined, 4 * UPLOAD_UNIT)), [{ name: 'the last chunk of the video', path: /upload_id=/ }]));

  it('connects with the code of an authorization (PKCE, S256, offline access): exchanges it, reports the channel’s handle and title and keeps the tokens', async () => {
    const { api, app, provider } = local;
    const channel = api.addChannel('Ada Lovelace', '@ada');
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = 'https://service.example/api/oauth/youtube/callback';
    api.oauth.approving = channel;
    const authorize = new URL(`${app.authUrl}/auth`);
    const query = { response_type: 'code', client_id: api.oauth.clientId, redirect_uri: redirectUri, scope: 'https://www.googleapis.com/auth/youtube.upload', state: 's', access_type: 'offline', prompt: 'consent' };
    Object.entries({ ...query, code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' }).forEach(([name, value]) => authorize.searchParams.set(name, value));
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s');
    const code = back.searchParams.get('code')!;

    expect(await provider.verify({}, { code, code_verifier: 'another verifier', redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'Invalid code verifier.' });
    expect(await provider.verify({}, { code, code_verifier: verifier, redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'Bad Request' });

    api.oauth.approving = channel;
    const again = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    expect(await provider.verify({}, { code: again, code_verifier: verifier, redirect_uri: redirectUri })).toEqual({
      kind: 'verified',
      account: { username: '@ada', name: 'Ada Lovelace', avatarUrl: `https://yt3.ggpht.com/${channel.channelId}=s88-c-k-c0x00ffffff-no-rj`, settings: { channel_id: channel.channelId }, session: { access_token: expect.stringMatching(/^ya29\./), refresh_token: expect.stringMatching(/^1\/\//), expires_at: expect.any(Number) } },
    });
  });

  it('connects with tokens sent directly, refreshing an access token that expired; refuses a Google account without a channel', async () => {
    const { api, provider } = local;
    const channel = api.addChannel('Old Tokens');
    const tokens = api.tokensOf(channel);
    api.oauth.revokeAccessTokens(channel);
    const verified = await provider.verify({}, tokens);
    expect(verified).toMatchObject({ kind: 'verified', account: { name: 'Old Tokens', session: { refresh_token: tokens.refresh_token, expires_at: expect.any(Number) } } });
    expect(verified.kind === 'verified' && verified.account.session?.access_token).not.toBe(tokens.access_token);

    expect(await provider.verify({}, api.tokensOf(api.addAccountWithoutChannel()))).toEqual({ kind: 'rejected', message: YouTubeMessages.noChannel });
  });

  it('refreshes a token about to expire before publishing, keeping the refresh token Google does not rotate; a refused refresh asks for the account again', async () => {
    const account = await local.connection();
    const before = account.session.current!;
    account.session.current = { ...before, expires_at: Date.now() + 60_000 };

    expect(await local.provider.publish(await scenarioRequest(local.target(), account, 'After a refresh'))).toMatchObject({ kind: 'published' });
    expect(account.session.current!.access_token).not.toBe(before.access_token);
    expect(account.session.current!.refresh_token).toBe(before.refresh_token);
    expect(account.session.current!.expires_at).toBeGreaterThan(Date.now() + 3_000_000);

    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    local.api.oauth.revokeRefreshTokens({ channelId: channelOf(account), title: '', customUrl: null, hasChannel: true });
    expect(await local.provider.publish(await scenarioRequest(local.target(), account, 'Never published'))).toEqual({
      kind: 'reauthorize',
      message: 'The platform refused to refresh the access token: Token has been expired or revoked.',
    });
  });

  it('refreshes once when Google refuses a token before its time (401), then publishes; asks for the account again when the refresh is refused too', async () => {
    const account = await local.connection();
    const channel = { channelId: channelOf(account), title: '', customUrl: null, hasChannel: true };
    local.api.oauth.revokeAccessTokens(channel);
    const refreshes = local.api.oauth.refreshes;

    expect(await local.provider.publish(await scenarioRequest(local.target(), account, 'After a 401'))).toMatchObject({ kind: 'published' });
    expect(local.api.oauth.refreshes - refreshes).toBe(1);

    local.api.oauth.revokeAccessTokens(channel);
    local.api.oauth.revokeRefreshTokens(channel);
    expect(await local.provider.publish(await scenarioRequest(local.target(), account, 'Never published'))).toEqual({
      kind: 'reauthorize',
      message: 'The platform refused to refresh the access token: Token has been expired or revoked.',
    });
    expect(local.api.descriptionsOf(channel.channelId)).toEqual(['After a 401']);
  });

  it('waits until the quota resets at midnight Pacific time when the project’s uploads of the day are spent, with Google’s message', async () => {
    const account = await local.connection();
    local.api.insertsLeft = 0;
    try {
      const outcome = await local.provider.publish(await scenarioRequest(local.target(), account, 'Over quota'));
      expect(outcome).toEqual({ kind: 'retry_later', message: 'The request cannot be completed because you have exceeded your quota.', retryAfterMs: expect.any(Number) });
      const resetAt = new Date(Date.now() + (outcome as { retryAfterMs: number }).retryAfterMs + 1_000);
      expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(resetAt)).toBe('00:00');
      expect((outcome as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(25 * 3_600_000);
      expect(local.api.descriptionsOf(channelOf(account))).toEqual([]);
    } finally {
      local.api.insertsLeft = Infinity;
    }
  });

  it('waits a minute after a rate limit that names no time, and refuses with Google’s message when the channel reached its upload limit', async () => {
    const account = await local.connection();
    const rateLimited = { error: { code: 403, message: 'Rate Limit Exceeded', errors: [{ message: 'Rate Limit Exceeded', domain: 'usageLimits', reason: 'rateLimitExceeded' }] } };
    local.proxy.failNext(/^\/upload\/youtube\/v3\/videos\?uploadType=resumable&part=[^&]*$/, { answer: { status: 403, body: rateLimited } });
    expect(await local.provider.publish(await scenarioRequest(local.target(), account, 'Rate limited'))).toMatchObject({ kind: 'retry_later', retryAfterMs: 60_000 });

    local.api.uploads.limitUploads(channelOf(account), 0);
    expect(await local.provider.publish(await scenarioRequest(local.target(), account, 'Over the daily limit'))).toEqual({ kind: 'rejected', message: 'The user has exceeded the number of videos they may upload.' });
    expect(local.api.descriptionsOf(channelOf(account))).toEqual([]);
  });

  it('refuses, before anything is sent, a video without a title, an item that is not exactly one video, and a comment with media', async () => {
    const account = await local.connection();
    const seen = local.proxy.seen.length;
    const request = await scenarioRequest(local.target(), account, 'Refused');
    expect(await local.provider.publish({ ...request, options: {} })).toEqual({ kind: 'rejected', message: YouTubeMessages.noTitle });
    expect(await local.provider.publish({ ...request, media: [...request.media, ...request.media] })).toEqual({ kind: 'rejected', message: YouTubeMessages.oneVideo(2) });
    const image = { ...request.media[0], mimeType: 'image/png' };
    expect(await local.provider.publish({ ...request, media: [image] })).toEqual({ kind: 'rejected', message: YouTubeMessages.notAVideo('image/png') });
    const root = { externalId: 'dQw4w9WgXcQ', externalUrl: null, reference: null };
    expect(await local.provider.publish({ ...request, followUp: { index: 1, root, parent: root }, progress: memoryProgress() })).toEqual({ kind: 'rejected', message: YouTubeMessages.commentMedia });
    expect(local.proxy.seen.length).toBe(seen);
  });

  it('says what is missing: a code and its redirect URI, or both tokens; and names the settings of an app that is not configured', async () => {
    const { provider } = local;
    expect(provider.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(provider.validate({}, { access_token: 'a' })).toEqual({ 'credentials.refresh_token': ['The credentials.refresh_token field is required.'] });
    expect(provider.validate({}, { access_token: 'a', refresh_token: 5 })).toEqual({ 'credentials.refresh_token': ['The credentials.refresh_token field must be a string.'] });
    expect(provider.validate({}, { access_token: 'a', refresh_token: 'r' })).toEqual({});
    const unconfigured = local.providerWith(undefined, undefined, { ...local.app, clientSecret: null });
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: 'https://service.example/cb' })).toEqual({
      kind: 'rejected',
      message: 'youtube is not configured on this service: set OAUTH_YOUTUBE_CLIENT_ID and OAUTH_YOUTUBE_CLIENT_SECRET.',
    });
    const stranger = { accountId: 0, settings: {}, credentials: {}, session: memorySession(null) };
    expect(await provider.delete({ connection: stranger, externalId: 'dQw4w9WgXcQ' })).toMatchObject({ kind: 'reauthorize' });
  });
});
