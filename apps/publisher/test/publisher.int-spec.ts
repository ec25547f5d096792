import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RpcMethods, ServiceError } from '@app/contracts';
import { SecretBox } from '@app/security';
import { account, PublisherHarness, WORKSPACE } from './publisher-harness';

describe('PublisherModule', () => {
  let harness: PublisherHarness;

  beforeAll(async () => {
    harness = await PublisherHarness.start();
  });
  afterAll(() => harness?.close());

  describe('connecting accounts', () => {
    it('connects a sandbox account, authorized, and keeps its settings and credentials encrypted', async () => {
      expect(await harness.connect(101, 'sandbox', { outcome: 'success' }, { token: 'plain-secret-token' })).toEqual({
        authorized: true,
        name: 'Sandbox',
        username: null,
        avatar_url: null,
        settings: { outcome: 'success' },
      });

      const row = await harness.tables.db
        .selectFrom('accounts')
        .select(['provider', 'settings_encrypted', 'credentials_encrypted'])
        .where('account_id', '=', 101)
        .executeTakeFirst();
      expect(row?.provider).toBe('sandbox');
      expect(row?.credentials_encrypted).not.toContain('plain-secret-token');
      expect(row?.settings_encrypted).not.toContain('success');
      expect(new SecretBox('test').decrypt(row!.credentials_encrypted)).toBe('{"token":"plain-secret-token"}');
    });

    it('keeps the refresh token the account held when a reconnect’s tokens come without one, and takes a new one when they bring it', async () => {
      await harness.connect(106, 'scripted', {}, { session: { access_token: 'a-1', refresh_token: 'r-1', expires_at: null } });
      const reconnect = (session: Record<string, unknown>) =>
        harness.rpc.request(RpcMethods.connectAccount, { accountId: 106, workspaceUuid: WORKSPACE, provider: 'scripted', settings: {}, credentials: { session }, keepSettings: true, deadline: Date.now() + 10_000 });
      const held = async () => {
        const row = await harness.tables.db.selectFrom('accounts').select('session_encrypted').where('account_id', '=', 106).executeTakeFirstOrThrow();
        return JSON.parse(new SecretBox('test').decrypt(row.session_encrypted!));
      };

      await reconnect({ access_token: 'a-2', refresh_token: null, expires_at: null });
      expect(await held()).toEqual({ access_token: 'a-2', refresh_token: 'r-1', expires_at: null });
      await reconnect({ access_token: 'a-3', refresh_token: 'r-3', expires_at: null });
      expect(await held()).toEqual({ access_token: 'a-3', refresh_token: 'r-3', expires_at: null });
    });

    it('answers the name and handle the provider reports', async () => {
      expect(await harness.connect(104, 'scripted')).toEqual({
        authorized: true,
        name: 'Scripted',
        username: 'scripted_user',
        avatar_url: null,
        settings: {},
      });
    });

    it('answers the picture the provider reports when it is a web address, and none otherwise', async () => {
      const picture = 'https://cdn.scripted.example/avatars/1.png';
      expect(await harness.connect(161, 'scripted', { avatar: picture })).toMatchObject({ authorized: true, avatar_url: picture });
      expect(await harness.connect(162, 'scripted', { avatar: 'javascript:alert(1)' })).toMatchObject({ authorized: true, avatar_url: null });
    });

    it('refuses credentials the provider refuses with the contract’s message, and keeps nothing', async () => {
      const error = await harness.connect(105, 'scripted', { refuse: true }, { token: 'bad' }).catch((caught: unknown) => caught);
      expect((error as ServiceError).toBody()).toEqual({
        kind: 'validation',
        message: 'Validation errors.',
        errors: { credentials: ['The provider rejected these credentials.'] },
      });
      expect(await harness.tables.db.selectFrom('accounts').select('account_id').where('account_id', '=', 105).execute()).toEqual([]);
    });

    it('answers unavailable, not a refusal, when the provider cannot check the credentials now', async () => {
      const error = await harness.connect(107, 'scripted', { down: true }).catch((caught: unknown) => caught);
      expect((error as ServiceError).toBody()).toEqual({
        kind: 'unavailable',
        message: 'The scripted provider could not check the credentials now: Service Unavailable (HTTP 503)',
      });
      expect(await harness.tables.db.selectFrom('accounts').select('account_id').where('account_id', '=', 107).execute()).toEqual([]);
    });

    it('refuses a provider URL on a loopback or private address unless allowed, naming the field', async () => {
      for (const instance of ['http://127.0.0.1:9', 'http://localhost:9', 'http://10.1.2.3', 'http://[::1]:9']) {
        const error = await harness.connect(106, 'mastodon', { instance }, { access_token: 't' }).catch((caught: unknown) => caught);
        expect((error as ServiceError).toBody()).toEqual({
          kind: 'validation',
          message: 'Validation errors.',
          errors: {
            'settings.instance': ['The settings.instance must not resolve to a private, loopback or link-local address (PROVIDER_ALLOW_PRIVATE_URLS=true allows them).'],
          },
        });
      }
    });

    it('refuses an unknown provider with a validation error', async () => {
      const error = await harness.connect(102, 'myspace').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).toBody()).toEqual({
        kind: 'validation',
        message: 'Validation errors.',
        errors: { provider: ['The selected provider is invalid. Use sandbox, scripted, idempotent or mastodon.'] },
      });
      expect(await harness.tables.db.selectFrom('accounts').select('account_id').where('account_id', '=', 102).execute()).toEqual([]);
    });

    it('disconnects an account, after which publishing to it fails as not connected', async () => {
      await harness.connect(103, 'sandbox');
      expect(
        await harness.rpc.request(RpcMethods.disconnectAccount, {
          accountId: 103,
          workspaceUuid: WORKSPACE,
        }),
      ).toEqual({ disconnected: true });
      expect(
        await harness.rpc.request(RpcMethods.disconnectAccount, {
          accountId: 103,
          workspaceUuid: WORKSPACE,
        }),
      ).toEqual({ disconnected: false });

      const post = randomUUID();
      await harness.startPublishing(post, 3, [account(103)]);
      expect(await harness.resultsOf(post, 1)).toEqual([
        expect.objectContaining({
          accountId: 103,
          outcome: 'failed',
          errors: ['The account is not connected.'],
        }),
      ]);
    });
  });

  describe('publishing', () => {
    it('publishes once to each account and sends each result', async () => {
      await harness.connect(201, 'sandbox');
      await harness.connect(202, 'sandbox', { outcome: 'failure' });
      const post = randomUUID();

      await harness.startPublishing(post, 5, [account(201), account(202), account(209)]);
      const sent = await harness.resultsOf(post, 3);

      const published = sent.find((result) => result.accountId === 201)!;
      expect(published).toEqual({
        commandId: `publish-result:${post}:5:201`,
        type: 'RecordPublishResult',
        postUuid: post,
        accountId: 201,
        outcome: 'published',
        externalId: expect.stringMatching(/^sbx_/),
        externalUrl: `https://sandbox.invalid/posts/${published.externalId}`,
        errors: [],
        items: [{ externalId: published.externalId, externalUrl: `https://sandbox.invalid/posts/${published.externalId}` }],
        sentAt: expect.any(String),
      });
      expect(sent.find((result) => result.accountId === 202)).toMatchObject({
        outcome: 'failed',
        externalUrl: null,
        errors: ['The sandbox account Account 202 is set to fail every publish.'],
      });
      expect(sent.find((result) => result.accountId === 209)).toMatchObject({
        outcome: 'failed',
        errors: ['The account is not connected.'],
      });
    });

    it('does not call the provider again for a redelivered event, and sends the same results again', async () => {
      await harness.connect(301, 'scripted', {}, { apiKey: 'k' });
      await harness.connect(302, 'scripted');
      const post = randomUUID();

      await harness.startPublishing(post, 7, [account(301, 'scripted'), account(302, 'scripted')]);
      const first = await harness.resultsOf(post, 2);
      await harness.startPublishing(post, 7, [account(301, 'scripted'), account(302, 'scripted')]);
      const again = (await harness.resultsOf(post, 4)).slice(2);

      expect(harness.scripted.callsFor(301)).toBe(1);
      expect(harness.scripted.callsFor(302)).toBe(1);
      expect(harness.scripted.calls.find((call) => call.account.id === 301)?.connection.credentials).toEqual({ apiKey: 'k' });
      expect(again.map(({ sentAt: _sentAt, ...rest }) => rest)).toEqual(first.map(({ sentAt: _sentAt, ...rest }) => rest));
    });

    it('reports an attempt cut off before its outcome was stored as failed, without calling the provider', async () => {
      await harness.connect(401, 'scripted');
      const post = randomUUID();
      await harness.startedBeforeACrash(post, 401, 2);

      await harness.startPublishing(post, 2, [account(401, 'scripted')]);

      expect(await harness.resultsOf(post, 1)).toEqual([
        expect.objectContaining({
          accountId: 401,
          outcome: 'failed',
          errors: ['The outcome of the publish attempt is unknown after a restart; check the account before publishing again.'],
        }),
      ]);
      expect(harness.scripted.callsFor(401)).toBe(0);
    });

    it('makes an attempt cut off before its outcome was stored again, with the same idempotency key, when the provider honours such keys', async () => {
      await harness.connect(451, 'idempotent');
      const post = randomUUID();
      await harness.startedBeforeACrash(post, 451, 3);

      await harness.startPublishing(post, 3, [account(451, 'idempotent')]);

      expect(await harness.resultsOf(post, 1)).toEqual([
        expect.objectContaining({
          accountId: 451,
          outcome: 'published',
          externalId: 's-451',
          errors: [],
        }),
      ]);
      expect(harness.idempotent.calls.map((call) => call.idempotencyKey)).toEqual([`${post}:451`]);
      const stored = await harness.tables.db
        .selectFrom('attempts')
        .select(['state', 'external_id'])
        .where('post_uuid', '=', post)
        .where('account_id', '=', 451)
        .executeTakeFirst();
      expect(stored).toEqual({ state: 'finished', external_id: 's-451' });
    });

    it('retries a retryable failure a bounded number of times', async () => {
      await harness.connect(501, 'scripted');
      await harness.connect(502, 'scripted');
      harness.scripted.scripts.set(501, [
        { kind: 'retry_later', message: 'Rate limited.', retryAfterMs: 10 },
        {
          kind: 'published',
          externalId: 'x-501',
          externalUrl: 'https://example.test/x-501',
        },
      ]);
      harness.scripted.scripts.set(502, [
        {
          kind: 'retry_later',
          message: 'Service unavailable.',
          retryAfterMs: 20,
        },
      ]);
      const post = randomUUID();

      await harness.startPublishing(post, 4, [account(501, 'scripted'), account(502, 'scripted')]);
      const sent = await harness.resultsOf(post, 2);

      expect(sent.find((result) => result.accountId === 501)).toMatchObject({
        outcome: 'published',
        externalUrl: 'https://example.test/x-501',
      });
      expect(sent.find((result) => result.accountId === 502)).toMatchObject({
        outcome: 'failed',
        errors: ['Service unavailable. (gave up after 3 attempts)'],
      });
      expect(harness.scripted.callsFor(501)).toBe(2);
      expect(harness.scripted.callsFor(502)).toBe(3);
    });

    it('reports refused credentials as failed with the provider’s message, and tells that the account must be connected again', async () => {
      await harness.connect(601, 'scripted');
      harness.scripted.scripts.set(601, [{ kind: 'reauthorize', message: 'The access token was revoked.' }]);
      const post = randomUUID();

      await harness.startPublishing(post, 1, [account(601, 'scripted')]);

      expect(await harness.resultsOf(post, 1)).toEqual([
        expect.objectContaining({
          outcome: 'failed',
          errors: ['The access token was revoked.'],
        }),
      ]);
      expect(harness.accountEvents.filter((event) => event.accountId === 601)).toEqual([
        expect.objectContaining({ version: 1, type: 'AccountAuthorizationLost', workspaceUuid: WORKSPACE, provider: 'scripted', reason: 'The access token was revoked.' }),
      ]);
      // A definite refusal of a post is no reason to connect the account again.
      expect(harness.accountEvents.filter((event) => event.accountId !== 601)).toEqual([]);
    });

    it('leaves a superseded round alone', async () => {
      await harness.connect(701, 'scripted');
      const post = randomUUID();
      await harness.startPublishing(post, 9, [account(701, 'scripted')]);
      await harness.resultsOf(post, 1);

      await harness.startPublishing(post, 6, [account(701, 'scripted')]);
      await sleep(300);

      expect(harness.scripted.callsFor(701)).toBe(1);
      expect(await harness.resultsOf(post, 1)).toHaveLength(1);
    });
  });
});
