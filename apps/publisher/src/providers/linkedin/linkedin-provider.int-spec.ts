import { randomUUID } from 'node:crypto';
import type { OAuthAppSettings } from '@app/config';
import { LinkedInApiServer } from '@test/providers/linkedin/linkedin-api-server';
import { FaultProxy } from '@test/providers/support/fault-proxy';
import { memorySession } from '@test/providers/support/memory-session';
import { pngMedia, providerScenarios, request } from '@test/providers/support/provider-scenarios';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { PostMessages } from '@app/domain';
import { PublishMessages } from '../../publish-post/publish-result';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { LinkedInProvider } from './linkedin-provider';

jest.setTimeout(60_000);

/** LinkedIn against a local server answering as LinkedIn's Posts, Images, Comments, OpenID Connect and OAuth 2 references document. */
describe('LinkedInProvider', () => {
  let api: LinkedInApiServer;
  let proxy: FaultProxy;
  let linkedin: LinkedInProvider;
  let app: OAuthAppSettings;
  let nextAccount = 1;

  beforeAll(async () => {
    api = await LinkedInApiServer.start();
    proxy = await FaultProxy.start(api.url);
    app = { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${proxy.url}/oauth/v2`, apiUrl: proxy.url };
    linkedin = new LinkedInProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), app);
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  /** An account connected with tokens, verified and kept as the publisher keeps it. */
  async function connected(credentials: Record<string, unknown>): Promise<ProviderConnection & { session: ReturnType<typeof memorySession> }> {
    const verified = await linkedin.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
  }
  const connection = () => connected(api.tokensOf(api.addMember(`Member ${nextAccount}`)));
  const urnOf = (account: ProviderConnection) => String(account.settings.person_urn);

  describe('the scenarios of every provider', () => {
    providerScenarios(() => ({
      provider: linkedin,
      proxy,
      publishPath: /^\/rest\/posts$/,
      connection,
      refusedConnection: async () => ({ accountId: nextAccount++, settings: { person_urn: 'urn:li:person:gone' }, credentials: {}, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) }),
      overLimit: { text: 'x'.repeat(3001), message: /^ERROR :: \/commentary :: length of 3001 exceeds the maximum allowed length of 3000$/ },
      // LinkedIn sends no reset header of its own; a 429 may carry Retry-After.
      rateLimitHeaders: (seconds) => ({ 'retry-after': String(seconds) }),
      publishedTexts: async (account) => api.textsOf(urnOf(account)),
      publishedMedia: async (account) => api.mediaOf(urnOf(account)),
    }));
  });

  it('connects with the code of an authorization: exchanges it, reports the member’s name and URN and keeps the tokens as the session', async () => {
    const member = api.addMember('Ada Lovelace');
    const redirectUri = 'https://service.example/api/oauth/linkedin/callback';
    api.approvingMember = member;
    const authorize = new URL(`${app.authUrl}/authorization`);
    Object.entries({ response_type: 'code', client_id: api.clientId, redirect_uri: redirectUri, state: 's', scope: 'openid profile w_member_social' }).forEach(([name, value]) => authorize.searchParams.set(name, value));
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s');
    const code = back.searchParams.get('code')!;

    const verified = await linkedin.verify({}, { code, redirect_uri: redirectUri });

    expect(verified).toEqual({
      kind: 'verified',
      account: { username: null, name: 'Ada Lovelace', avatarUrl: `https://media.licdn.com/dms/image/${member.sub}`, settings: { person_urn: `urn:li:person:${member.sub}` }, session: { access_token: expect.any(String), refresh_token: expect.any(String), expires_at: expect.any(Number) } },
    });
    expect(await linkedin.verify({}, { code, redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'The provided authorization grant or refresh token is invalid, expired or revoked' });
  });

  it('refreshes a token about to expire before publishing and keeps the new one; a refused refresh asks for the account to be connected again', async () => {
    const account = await connection();
    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    const before = account.session.current.access_token;

    expect(await linkedin.publish(request(account, 'After a refresh'))).toMatchObject({ kind: 'published', externalUrl: expect.stringMatching(/^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+$/) });
    expect(account.session.current.access_token).not.toBe(before);
    expect(account.session.current.expires_at).toBeGreaterThan(Date.now() + 3_600_000);

    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    api.revokeRefreshTokens(urnOf(account));
    expect(await linkedin.publish(request(account, 'Never published'))).toEqual({
      kind: 'reauthorize',
      message: 'The platform refused to refresh the access token: The provided authorization grant or refresh token is invalid, expired or revoked',
    });
  });

  it('attaches one image as media and several as multiImage, each uploaded with its bytes', async () => {
    const account = await connection();
    const one = pngMedia(32, 32);
    const two = [pngMedia(40, 30), pngMedia(30, 40)];
    const single = await linkedin.publish(request(account, 'One image', undefined, [one]));
    const several = await linkedin.publish(request(account, 'Two images', undefined, two));
    if (single.kind !== 'published' || several.kind !== 'published') throw new Error('expected published');

    expect(api.postOf(single.externalId)?.content).toEqual({ media: { id: expect.stringMatching(/^urn:li:image:\d+$/) } });
    expect(api.postOf(several.externalId)?.content).toEqual({ multiImage: { images: [{ id: expect.stringMatching(/^urn:li:image:/) }, { id: expect.stringMatching(/^urn:li:image:/) }] } });
    expect(api.mediaOf(urnOf(account))).toEqual([
      { text: 'One image', files: [one.bytes] },
      { text: 'Two images', files: two.map((file) => file.bytes) },
    ]);
  });

  it('writes the text as little text: reserved characters escaped, hashtags kept as hashtags', async () => {
    const account = await connection();
    const text = 'Launch (beta) @ 10:00 — see [notes] #Release_2 *now* \\o/';
    const outcome = await linkedin.publish(request(account, text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(api.postOf(outcome.externalId)?.commentary).toBe('Launch \\(beta\\) \\@ 10:00 — see \\[notes\\] {hashtag|\\#|Release\\_2} \\*now\\* \\\\o/');
    expect(api.textsOf(urnOf(account))).toEqual([text]);
  });

  it('finds the post a lost answer created when LinkedIn refuses the same post again; an older duplicate stays refused', async () => {
    const account = await connection();
    const first = await linkedin.publish(request(account, 'Said once'));
    expect(await linkedin.publish(request(account, 'Said once'))).toEqual(first);
    expect(api.textsOf(urnOf(account))).toEqual(['Said once']);

    const later = { ...request(account, 'Said once'), firstAttemptAt: new Date(Date.now() + 3_600_000) };
    expect(await linkedin.publish(later)).toEqual({ kind: 'rejected', message: `Content is a duplicate of ${(first as { externalId: string }).externalId}` });
  });

  it('deletes a post; one already gone counts as deleted', async () => {
    const account = await connection();
    const outcome = await linkedin.publish(request(account, 'Short-lived'));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await linkedin.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(api.textsOf(urnOf(account))).toEqual([]);
    expect(await linkedin.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
  });

  describe('the first comment: a version’s second content item, through the publisher (a real journal on SQLite)', () => {
    let tables: PublisherTablesOnSqlite;
    beforeEach(async () => {
      tables = await PublisherTablesOnSqlite.open();
    });
    afterEach(() => tables.close());

    const version = (texts: string[]) => ({ account_id: 0, is_original: true, content: texts.map((body) => ({ body, media: [] })), options: {} });
    async function publishVersion(texts: string[]) {
      const account = await connection();
      await tables.keep(linkedin, account);
      const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
      const snapshot = { id: account.accountId, provider: 'linkedin', name: 'Member', username: null };
      proxy.seen.length = 0;
      return { account, key, snapshot, result: await tables.publisher(linkedin).publish(key, snapshot, [version(texts)]) };
    }

    it('publishes the post, then the second item as a comment on it by the same member; the post is the address', async () => {
      const { account, result } = await publishVersion(['The launch #Release', 'Details in the comments (see below)']);

      const post = api.posts.find((candidate) => candidate.author === urnOf(account))!;
      const [comment] = api.commentsOn(post.urn);
      expect(comment).toMatchObject({ actor: urnOf(account), text: 'Details in the comments (see below)', image: null, urn: `urn:li:comment:(${post.urn},${comment.id})` });
      expect(result).toEqual({
        outcome: 'published',
        externalId: post.urn,
        externalUrl: `https://www.linkedin.com/feed/update/${post.urn}`,
        errors: [],
        items: [
          { externalId: post.urn, externalUrl: `https://www.linkedin.com/feed/update/${post.urn}` },
          { externalId: comment.urn, externalUrl: `https://www.linkedin.com/feed/update/${post.urn}?commentUrn=${encodeURIComponent(comment.urn)}` },
        ],
      });
    });

    it('refuses a version of more than two items before anything is sent', async () => {
      const { result } = await publishVersion(['One', 'Two', 'Three']);
      expect(result).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: [PostMessages.atMostTwoItems('linkedin')], items: [] });
      expect(proxy.seen).toEqual([]);
    });

    it('reports a comment whose answer was lost unknown, never sending it again: the post stays, the comment once', async () => {
      proxy.failNext(/\/comments$/, { hangAfterForward: true });
      const { result } = await publishVersion(['Posted', 'Answer lost']);
      const post = result!.items[0]!.externalId;
      expect(result).toMatchObject({ outcome: 'failed', errors: [expect.stringContaining('did not answer in time')], items: [{ externalId: post }, null] });
      expect(api.commentsOn(post).map((comment) => comment.text)).toEqual(['Answer lost']);
    });

    it('reports a comment cut off by a crash unknown (comments have no lookup), keeping the post', async () => {
      const account = await connection();
      await tables.keep(linkedin, account);
      const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
      const snapshot = { id: account.accountId, provider: 'linkedin', name: 'Member', username: null };
      const post = await linkedin.publish(request(account, 'Before the crash'));
      if (post.kind !== 'published') throw new Error('expected published');
      // The process that crashed: it published the post, then began the comment.
      expect(await tables.journal.begin(key, 0)).toEqual({ kind: 'new' });
      const step = { post_uuid: key.postUuid, account_id: key.accountId, round: 1, started_at: new Date(), reference: null };
      await tables.tables.db
        .insertInto('attempt_items')
        .values([
          { ...step, item_index: 0, state: 'published', external_id: post.externalId, external_url: post.externalUrl, finished_at: new Date() },
          { ...step, item_index: 1, state: 'sending', external_id: null, external_url: null, finished_at: null },
        ])
        .execute();

      expect(await tables.publisher(linkedin).publish(key, snapshot, [version(['Before the crash', 'Maybe commented'])])).toEqual({
        outcome: 'failed',
        externalId: null,
        externalUrl: null,
        errors: [PublishMessages.unknownItemOutcome(2)],
        items: [{ externalId: post.externalId, externalUrl: post.externalUrl }, null],
      });
      expect(api.commentsOn(post.externalId)).toEqual([]);
    });
  });

  it('comments with one image (uploaded for the member), refuses two, and deletes a comment', async () => {
    const account = await connection();
    const post = await linkedin.publish(request(account, 'With a commented image'));
    if (post.kind !== 'published') throw new Error('expected published');
    const root = { externalId: post.externalId, externalUrl: post.externalUrl, reference: null };
    const image = pngMedia(24, 24);
    const comment = await linkedin.publish({ ...request(account, 'Look', undefined, [image]), followUp: { index: 1, root, parent: root } });
    if (comment.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(comment)}`);
    expect(api.commentsOn(post.externalId).map((found) => found.image)).toEqual([image.bytes]);

    const twice = await linkedin.publish({ ...request(account, 'Two', undefined, [pngMedia(2, 2), pngMedia(3, 3)]), followUp: { index: 1, root, parent: root } });
    expect(twice).toEqual({ kind: 'rejected', message: 'A LinkedIn comment takes at most 1 image.' });
    expect(await linkedin.delete({ connection: account, externalId: comment.externalId })).toEqual({ kind: 'deleted' });
    expect(api.commentsOn(post.externalId)).toEqual([]);
  });

  it('says what is missing: a code and its redirect URI, or tokens; and names the settings of an app that is not configured', async () => {
    expect(linkedin.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(linkedin.validate({}, { access_token: 5 })).toEqual({ 'credentials.access_token': ['The credentials.access_token field must be a string.'] });
    expect(linkedin.validate({}, { access_token: 'a', refresh_token: 'r' })).toEqual({});
    const unconfigured = new LinkedInProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { ...app, clientId: null });
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: 'https://service.example/cb' })).toEqual({ kind: 'rejected', message: 'linkedin is not configured on this service: set OAUTH_LINKEDIN_CLIENT_ID and OAUTH_LINKEDIN_CLIENT_SECRET.' });
  });
});
