import { createHash, randomBytes } from 'node:crypto';
import type { OAuthAppSettings } from '@app/config';
import { FaultProxy } from '@test/providers/support/fault-proxy';
import { memorySession } from '@test/providers/support/memory-session';
import { threadScenarios, ThreadTarget } from '@test/providers/support/thread-scenarios';
import { providerScenarios, request } from '@test/providers/support/provider-scenarios';
import { XApiServer } from '@test/providers/x/x-api-server';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { XProvider } from './x-provider';

jest.setTimeout(60_000);

/** X against a local server answering as the X API v2 and OAuth 2 references document. */
describe('XProvider', () => {
  let api: XApiServer;
  let proxy: FaultProxy;
  let x: XProvider;
  let app: OAuthAppSettings;
  let nextAccount = 1;

  beforeAll(async () => {
    api = await XApiServer.start();
    proxy = await FaultProxy.start(api.url);
    app = { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${proxy.url}/i/oauth2`, apiUrl: proxy.url };
    x = new XProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), app);
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  /** An account connected with tokens, verified and kept as the publisher keeps it. */
  async function connected(credentials: Record<string, unknown>): Promise<ProviderConnection & { session: ReturnType<typeof memorySession> }> {
    const verified = await x.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
  }
  const connection = () => connected(api.tokensOf(api.addUser(`user${nextAccount}`)));

  const target = (): ThreadTarget => ({
    provider: x,
    proxy,
    publishPath: /^\/2\/tweets$/,
    connection,
    refusedConnection: async () => ({ accountId: nextAccount++, settings: { user_id: '1' }, credentials: {}, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) }),
    overLimit: { text: 'x'.repeat(281), message: /^Your Tweet text is too long/ },
    rateLimitHeaders: (seconds) => ({ 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + seconds) }),
    publishedTexts: async (account) => api.textsOf(String(account.settings.user_id)),
    publishedMedia: async (account) => api.mediaOf(String(account.settings.user_id)),
    threadOf: async (account) => api.threadOf(String(account.settings.user_id)).map(({ id, text, inReplyTo }) => ({ id, text, replyTo: inReplyTo })),
  });

  describe('the scenarios of every provider', () => providerScenarios(target));
  describe('a version published as a thread', () => threadScenarios(target));

  it('connects with the code of an authorization (PKCE, S256): exchanges it, reports the handle and keeps the tokens as the session', async () => {
    const user = api.addUser('ada', 'Ada Lovelace');
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = 'https://service.example/api/oauth/x/callback';
    api.approvingUser = user;
    const authorize = new URL(`${app.authUrl}/authorize`);
    Object.entries({ response_type: 'code', client_id: api.clientId, redirect_uri: redirectUri, state: 's', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' }).forEach(([name, value]) => authorize.searchParams.set(name, value));
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;

    const verified = await x.verify({}, { code, code_verifier: verifier, redirect_uri: redirectUri });

    expect(verified).toEqual({
      kind: 'verified',
      account: { username: 'ada', name: 'Ada Lovelace', avatarUrl: `https://pbs.twimg.com/profile_images/${user.id}/avatar_normal.jpg`, settings: { user_id: user.id }, session: { access_token: expect.any(String), refresh_token: expect.any(String), expires_at: expect.any(Number) } },
    });
    expect(await x.verify({}, { code, code_verifier: verifier, redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'Value passed for the token was invalid.' });
  });

  it('refreshes a token about to expire before publishing and keeps the new ones; a refused refresh asks for the account to be connected again', async () => {
    const account = await connection();
    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    const before = account.session.current.refresh_token;

    expect(await x.publish(request(account, 'After a refresh'))).toMatchObject({ kind: 'published', externalUrl: expect.stringMatching(/^https:\/\/x\.com\/i\/web\/status\/\d+$/) });
    expect(account.session.current.refresh_token).not.toBe(before);
    expect(account.session.current.expires_at).toBeGreaterThan(Date.now() + 3_600_000);

    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    api.revokeRefreshTokens({ id: String(account.settings.user_id), username: '', name: '' });
    expect(await x.publish(request(account, 'Never published'))).toEqual({ kind: 'reauthorize', message: 'The platform refused to refresh the access token: Value passed for the token was invalid.' });
  });

  it('finds the post a lost answer created when X refuses the same text again', async () => {
    const account = await connection();
    const first = await x.publish(request(account, 'Said once'));
    expect(await x.publish(request(account, 'Said once'))).toEqual(first);
    expect(api.textsOf(String(account.settings.user_id))).toEqual(['Said once']);
  });

  it('deletes a post', async () => {
    const account = await connection();
    const outcome = await x.publish(request(account, 'Short-lived'));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await x.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(api.textsOf(String(account.settings.user_id))).toEqual([]);
  });

  it('says what is missing: a code and its redirect URI, or tokens; and names the settings of an app that is not configured', async () => {
    expect(x.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(x.validate({}, { access_token: 5 })).toEqual({ 'credentials.access_token': ['The credentials.access_token field must be a string.'] });
    const unconfigured = new XProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { ...app, clientSecret: null });
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: 'https://service.example/cb' })).toEqual({ kind: 'rejected', message: 'x is not configured on this service: set OAUTH_X_CLIENT_ID and OAUTH_X_CLIENT_SECRET.' });
  });
});
