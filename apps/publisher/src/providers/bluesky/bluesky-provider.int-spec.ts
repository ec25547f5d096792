import { randomUUID } from 'node:crypto';
import { FaultProxy } from '../../../../../test/providers/support/fault-proxy';
import { LocalPds, startLocalPds } from '../../../../../test/providers/bluesky/local-pds';
import { memorySession } from '../../../../../test/providers/support/memory-session';
import { providerScenarios, request } from '../../../../../test/providers/support/provider-scenarios';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { BlueskyProvider } from './bluesky-provider';

// Starting a local platform server (a PDS and its PLC directory for Bluesky) takes seconds on a loaded machine.
jest.setTimeout(60_000);

/** Bluesky against a real PDS and PLC directory (`@atproto/dev-env`), through a proxy that can inject failures. */
describe('BlueskyProvider against a local PDS', () => {
  let pds: LocalPds;
  let proxy: FaultProxy;
  let bluesky: BlueskyProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    pds = await startLocalPds();
    proxy = await FaultProxy.start(pds.url);
    bluesky = new BlueskyProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_500 }));
  });
  afterAll(async () => {
    await proxy?.stop();
    await pds?.stop();
  });

  const credentials = () => ({ identifier: pds.handle, app_password: pds.appPassword });
  const settings = () => ({ service: proxy.url });

  async function connection(): Promise<ProviderConnection> {
    const verified = await bluesky.verify(settings(), credentials());
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials: credentials(), session: memorySession(verified.account.session) };
  }

  async function records(): Promise<{ uri: string; value: { text: string; facets?: unknown[] } }[]> {
    const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', limit: '100' });
    const response = await fetch(`${pds.url}/xrpc/com.atproto.repo.listRecords?${query}`);
    return ((await response.json()) as { records: { uri: string; value: { text: string } }[] }).records;
  }

  describe('the scenarios of every provider', () => {
    providerScenarios(() => ({
      provider: bluesky,
      proxy,
      publishPath: /com\.atproto\.repo\.createRecord/,
      connection,
      refusedConnection: async () => ({ accountId: nextAccount++, settings: settings(), credentials: { ...credentials(), app_password: 'wrong-wrong-wrong-wrong' }, session: memorySession() }),
      overLimit: { text: 'é'.repeat(301), message: /maximum 300/ },
      rateLimitHeaders: (seconds) => ({ 'ratelimit-limit': '30', 'ratelimit-remaining': '0', 'ratelimit-reset': String(Math.ceil(Date.now() / 1000) + seconds), 'ratelimit-policy': '30;w=300' }),
      publishedTexts: async () => (await records()).map((record) => record.value.text),
    }));
  });

  it('verifies an app password and reports the handle and display name, with a session to keep', async () => {
    expect(await bluesky.verify(settings(), credentials())).toEqual({
      kind: 'verified',
      account: {
        username: pds.handle,
        name: 'Alice Example',
        settings: { service: proxy.url },
        session: { did: pds.did, handle: pds.handle, accessJwt: expect.any(String), refreshJwt: expect.any(String) },
      },
    });
  });

  it('refuses a wrong app password as credentials to connect again', async () => {
    expect(await bluesky.verify(settings(), { ...credentials(), app_password: 'nope-nope-nope-nope' })).toMatchObject({ kind: 'reauthorize' });
  });

  it('publishes a post record with its links as facets, at the address bsky.app shows it', async () => {
    const account = await connection();
    const text = `Read https://example.com/launch today ${randomUUID()}`;
    const outcome = await bluesky.publish(request(account, text));
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);
    const rkey = outcome.externalId.split('/').pop();
    expect(outcome.externalId).toBe(`at://${pds.did}/app.bsky.feed.post/${rkey}`);
    expect(outcome.externalUrl).toBe(`https://bsky.app/profile/${pds.handle}/post/${rkey}`);

    const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', rkey: rkey! });
    const record = (await (await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?${query}`)).json()) as { value: Record<string, unknown> };
    expect(record.value).toMatchObject({
      text,
      facets: [{ index: { byteStart: 5, byteEnd: 31 }, features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/launch' }] }],
    });
  });

  it('uses the kept session without logging in again, refreshes a refused access token once and keeps the new session', async () => {
    const account = await connection();
    const session = account.session as ReturnType<typeof memorySession>;
    proxy.seen.length = 0;
    expect(await bluesky.publish(request(account, `With the kept session ${randomUUID()}`))).toMatchObject({ kind: 'published' });
    expect(proxy.seen.filter((line) => line.includes('createSession'))).toEqual([]);

    session.current = { ...session.current!, accessJwt: 'expired-or-revoked' };
    const refreshJwt = session.current.refreshJwt;
    expect(await bluesky.publish(request(account, `After a refresh ${randomUUID()}`))).toMatchObject({ kind: 'published' });
    expect(proxy.seen.filter((line) => line.includes('refreshSession'))).toHaveLength(1);
    expect(proxy.seen.filter((line) => line.includes('createSession'))).toEqual([]);
    expect(session.current.accessJwt).not.toBe('expired-or-revoked');
    expect(session.current.refreshJwt).not.toBe(refreshJwt);
  });

  it('keeps the session when the refresh fails for a passing reason, and tries again later', async () => {
    const account = await connection();
    const session = account.session as ReturnType<typeof memorySession>;
    session.current = { ...session.current!, accessJwt: 'expired-or-revoked' };
    const kept = { ...session.current };
    proxy.failNext(/refreshSession/, { answer: { status: 502, body: { error: 'UpstreamFailure', message: 'Bad gateway' } } });
    expect(await bluesky.publish(request(account, 'Not yet'))).toMatchObject({ kind: 'retry_later' });
    expect(session.current).toEqual(kept);
  });

  it('logs in again with the app password when the refresh token is refused, and asks to reconnect only when that is refused too', async () => {
    const account = await connection();
    const session = account.session as ReturnType<typeof memorySession>;
    session.current = { ...session.current!, accessJwt: 'bad-access', refreshJwt: 'bad-refresh' };
    expect(await bluesky.publish(request(account, `After a new login ${randomUUID()}`))).toMatchObject({ kind: 'published' });

    session.current = { ...session.current, accessJwt: 'bad-access', refreshJwt: 'bad-refresh' };
    const revoked = { ...account, credentials: { ...account.credentials, app_password: 'revoked-revoked-revoked' } };
    expect(await bluesky.publish(request(revoked, 'Never'))).toMatchObject({ kind: 'reauthorize' });
  });

  it('deletes a published post', async () => {
    const account = await connection();
    const text = `To be deleted ${randomUUID()}`;
    const outcome = await bluesky.publish(request(account, text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await bluesky.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect((await records()).map((record) => record.value.text)).not.toContain(text);
  });

  it('refuses a PDS on a loopback address unless private URLs are allowed', async () => {
    const guarded = new BlueskyProvider(new ProviderHttp({ allowPrivateUrls: false, timeoutMs: 1_500 }));
    expect(await guarded.verify({ service: proxy.url }, credentials())).toMatchObject({ kind: 'rejected', message: expect.stringContaining('loopback') });
  });
});
