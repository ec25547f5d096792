import { randomUUID } from 'node:crypto';
import { migrateSchema, SchemaDatabase } from '@app/persistence';
import { testEngines } from '@app/persistence/testing';
import { SecretBox } from '@app/security';
import { AccountCredentialStore } from '../accounts/account-credential-store';
import { PUBLISHER_SCHEMA, PublisherTables, publisherMigrations } from '../publisher-migrations';
import { AttemptJournal, AttemptKey } from './attempt-journal';
import { DeferredAttempts } from './deferred-attempts';
import { ItemJournal } from './item-journal';
import { ItemProgressJournal } from './item-progress-journal';
import { PublishResult } from './publish-result';

const LEASE_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keyValues = (key: AttemptKey) => ({ post_uuid: key.postUuid, account_id: key.accountId, round: key.round });
const published: PublishResult = { outcome: 'published', externalId: 'x-1', externalUrl: 'https://example.test/x-1', errors: [], items: [{ externalId: 'x-1', externalUrl: 'https://example.test/x-1' }] };
const refused: PublishResult = { outcome: 'failed', externalId: null, externalUrl: null, errors: ['Refused.', 'Again.'], items: [] };

/** The publisher's tables, on both engines. */
describe.each(testEngines)('publisher tables on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<PublisherTables>;
  let journal: AttemptJournal;
  let accounts: AccountCredentialStore;
  const key = (round = 1, accountId = 7): AttemptKey => ({ postUuid: randomUUID(), accountId, round });

  beforeAll(async () => {
    const opened = await open();
    dispose = opened.dispose;
    database = opened.database.forSchema<PublisherTables>(PUBLISHER_SCHEMA);
    expect(await migrateSchema(database, publisherMigrations)).toEqual(['001-accounts-and-attempts', '002-provider-sessions', '003-deferred-attempts', '004-attempt-lease', '005-attempt-items', '006-item-progress', '007-deferred-attempt-leases', '008-token-expiry', '009-deferred-attempt-traces', '010-metric-collections']);
    journal = new AttemptJournal(database);
    accounts = new AccountCredentialStore(database, new SecretBox('test'));
  });
  afterAll(() => dispose());

  describe('AttemptJournal', () => {
    it('lets exactly one of the consumers beginning the same attempt at once call the provider', async () => {
      const attempt = key();
      const starts = await Promise.all(Array.from({ length: 6 }, () => journal.begin(attempt, LEASE_MS)));
      expect(starts.filter((start) => start.kind === 'new')).toHaveLength(1);
      // The one that began holds it: the others are told it is in progress, not cut off.
      expect(starts.filter((start) => start.kind === 'in_progress')).toHaveLength(5);
    });

    it('returns the stored result to a later begin, with its errors as they were', async () => {
      const attempt = key();
      await journal.begin(attempt, LEASE_MS);
      expect(await journal.finish(attempt, refused)).toBe(refused);
      expect(await journal.begin(attempt, LEASE_MS)).toEqual({ kind: 'finished', result: refused });
    });

    it('keeps the first result when the attempt is finished twice', async () => {
      const attempt = key();
      await journal.begin(attempt, LEASE_MS);
      await journal.finish(attempt, published);
      expect(await journal.finish(attempt, refused)).toEqual(published);
      const row = await database.db
        .selectFrom('attempts')
        .select(['state', 'outcome', 'finished_at'])
        .where('post_uuid', '=', attempt.postUuid)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'finished', outcome: 'published' });
      expect(row.finished_at).not.toBeNull();
    });

    it('reports an attempt begun but never finished as interrupted once nobody holds it (its hold ran out, or it was released)', async () => {
      const crashed = key();
      await journal.begin(crashed, 0);
      expect(await journal.begin(crashed, LEASE_MS)).toEqual({ kind: 'interrupted' });
      const deferred = key();
      await journal.begin(deferred, LEASE_MS);
      expect(await journal.begin(deferred, LEASE_MS)).toMatchObject({ kind: 'in_progress', until: expect.any(Date) });
      await journal.release(deferred);
      expect(await journal.begin(deferred, LEASE_MS)).toEqual({ kind: 'interrupted' });
      await journal.hold(deferred, LEASE_MS);
      expect(await journal.begin(deferred, LEASE_MS)).toMatchObject({ kind: 'in_progress' });
      await journal.finish(deferred, published);
      expect(await journal.begin(deferred, LEASE_MS)).toEqual({ kind: 'finished', result: published });
    });

    it('tells the latest round of a post', async () => {
      const first = key(2);
      expect(await journal.latestRound(first.postUuid)).toBeNull();
      await journal.begin(first, LEASE_MS);
      await journal.begin({ ...first, round: 5, accountId: 8 }, LEASE_MS);
      await journal.begin({ ...first, round: 3 }, LEASE_MS);
      expect(await journal.latestRound(first.postUuid)).toBe(5);
    });
  });

  describe('ItemJournal', () => {
    it('keeps each content item of an attempt sending, then published with its id; one the platform did not take goes', async () => {
      const steps = new ItemJournal(database);
      const attempt = key();
      await journal.begin(attempt, LEASE_MS);
      await steps.sending(attempt, 0);
      await steps.sending(attempt, 0);
      await steps.published(attempt, 0, { externalId: 'at://did/post/1', externalUrl: 'https://example.test/1', reference: 'cid-1' });
      await steps.sending(attempt, 1);
      expect(await steps.stepsOf(attempt)).toEqual([
        { index: 0, state: 'published', item: { externalId: 'at://did/post/1', externalUrl: 'https://example.test/1', reference: 'cid-1' } },
        { index: 1, state: 'sending' },
      ]);
      await steps.notSent(attempt, 1);
      await steps.notSent(attempt, 0);
      expect(await steps.stepsOf(attempt)).toEqual([expect.objectContaining({ index: 0, state: 'published' })]);
      expect(await steps.stepsOf(key())).toEqual([]);
      await steps.forget(attempt);
      expect(await steps.stepsOf(attempt)).toEqual([]);
    });

    it('keeps the progress of an asynchronous item encrypted, through a notSent and a new process, until the attempt is forgotten', async () => {
      const steps = new ItemJournal(database);
      const attempt = key();
      await journal.begin(attempt, LEASE_MS);
      const progress = new ItemProgressJournal(database, new SecretBox('test'));
      const first = progress.of(attempt, 1);
      expect(await first.read()).toBeNull();
      await first.record({ container_id: 'c-17', started_at: 1_800_000_000_000 });
      await first.record({ publish_requested: true });
      await steps.sending(attempt, 1);
      await steps.notSent(attempt, 1);
      expect(await new ItemProgressJournal(database, new SecretBox('test')).of(attempt, 1).read()).toEqual({ container_id: 'c-17', started_at: 1_800_000_000_000, publish_requested: true });
      expect(await progress.of(attempt, 0).read()).toBeNull();
      const stored = await database.db.selectFrom('item_progress').select('progress_encrypted').where('post_uuid', '=', attempt.postUuid).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].progress_encrypted).not.toContain('c-17');
      await steps.forget(attempt);
      expect(await progress.of(attempt, 1).read()).toBeNull();
    });

    it('stores a result and forgets its steps in one transaction: when forgetting fails, the attempt stays started with its steps', async () => {
      const steps = new ItemJournal(database);
      const attempt = key();
      await journal.begin(attempt, LEASE_MS);
      await steps.sending(attempt, 0);
      const finishing = journal.finish(attempt, published, async (tx) => {
        await steps.forget(attempt, tx);
        throw new Error('disk full');
      });
      await expect(finishing).rejects.toThrow('disk full');
      expect(await steps.stepsOf(attempt)).toEqual([{ index: 0, state: 'sending' }]);
      expect(await journal.begin(attempt, LEASE_MS)).toEqual({ kind: 'in_progress', until: expect.any(Date) });
      expect(await journal.finish(attempt, published, (tx) => steps.forget(attempt, tx))).toBe(published);
      expect(await steps.stepsOf(attempt)).toEqual([]);
    });

    it('stores a result with its items and gives them back', async () => {
      const attempt = key();
      await journal.begin(attempt, LEASE_MS);
      const thread = { ...published, items: [published.items[0], { externalId: 'x-2', externalUrl: null }] };
      await journal.finish(attempt, thread);
      expect(await journal.begin(attempt, LEASE_MS)).toEqual({ kind: 'finished', result: thread });
    });

    it('migrates an attempt a crash cut off before items were journaled as its one item in doubt, unless it waited deferred', async () => {
      const opened = await open();
      try {
        const before = opened.database.forSchema<PublisherTables>(PUBLISHER_SCHEMA);
        const beforeDueWork = opened.database.forSchema<{ deferred_attempts: Record<string, unknown> }>(PUBLISHER_SCHEMA);
        await migrateSchema(before, publisherMigrations.slice(0, 4));
        const [cutOff, waiting, resumed] = [key(), key(), key()];
        for (const attempt of [cutOff, waiting, resumed]) {
          await before.db.insertInto('attempts').values({ post_uuid: attempt.postUuid, account_id: 7, round: 1, state: 'started', errors: '[]', started_at: new Date() }).execute();
        }
        for (const [attempt, claimedUntil] of [[waiting, null], [resumed, new Date()]] as const) {
          await beforeDueWork.db
            .insertInto('deferred_attempts')
            .values({ post_uuid: attempt.postUuid, account_id: 7, round: 1, due_at: new Date(), claimed_until: claimedUntil, deferrals: 1, account: '{}', versions: '[]' })
            .execute();
        }
        await migrateSchema(before, publisherMigrations);
        const steps = new ItemJournal(before);
        expect(await steps.stepsOf(cutOff)).toEqual([{ index: 0, state: 'sending' }]);
        expect(await steps.stepsOf(waiting)).toEqual([]);
        expect(await steps.stepsOf(resumed)).toEqual([{ index: 0, state: 'sending' }]);
      } finally {
        await opened.dispose();
      }
    });
  });

  describe('DeferredAttempts', () => {
    const snapshot = { id: 7, provider: 'mastodon', name: 'Ada', username: 'ada@example.social' };
    const versions = [{ account_id: 0, is_original: true, content: [{ body: 'Later', media: [] }], options: {} }];

    it('hands a deferred attempt to one runner once due, and back as interrupted when its lease ran out', async () => {
      const deferred = new DeferredAttempts(database);
      const attempt = key();
      await deferred.defer(attempt, snapshot, versions, 300, 1);
      expect(await deferred.has(attempt)).toBe(true);
      const mine = (claimed: { key: AttemptKey }[]) => claimed.filter((entry) => entry.key.postUuid === attempt.postUuid);

      expect(mine(await deferred.claimDue(400, 100))).toEqual([]);
      await sleep((await deferred.msUntilNextDue())! + 5);
      expect(mine(await deferred.claimDue(400, 100))).toEqual([
        { key: attempt, account: snapshot, versions, deferrals: 1, interrupted: false, trace: { traceparent: null, storedAt: expect.any(Date) } },
      ]);
      expect(mine(await deferred.claimDue(400, 100))).toEqual([]);
      await sleep((await deferred.msUntilNextDue())! + 5);
      expect(mine(await deferred.claimDue(400, 100))).toEqual([expect.objectContaining({ key: attempt, interrupted: true })]);

      await deferred.defer(attempt, snapshot, versions, 0, 2);
      expect(mine(await deferred.claimDue(400, 100))).toEqual([expect.objectContaining({ deferrals: 2, interrupted: false })]);
      await deferred.remove(attempt);
      expect(await deferred.has(attempt)).toBe(false);
      expect(await deferred.msUntilNextDue()).toBeNull();
    });

    it('keeps a deferred attempt claimed before due work through the rename of claimed_until, still cut off once its lease ran out', async () => {
      const opened = await open();
      try {
        type Before = { deferred_attempts: Record<string, unknown> };
        const before = opened.database.forSchema<Before>(PUBLISHER_SCHEMA);
        await migrateSchema(before, publisherMigrations.slice(0, 6));
        const [cutOff, waiting] = [key(), key()];
        for (const [attempt, claimedUntil] of [[cutOff, new Date(Date.now() - 1_000)], [waiting, null]] as const) {
          await before.db
            .insertInto('deferred_attempts')
            .values({ ...keyValues(attempt), due_at: new Date(Date.now() - 60_000), claimed_until: claimedUntil, deferrals: 1, account: before.dialect.json(snapshot), versions: before.dialect.json(versions) })
            .execute();
        }
        await migrateSchema(before, publisherMigrations);
        const claimed = await new DeferredAttempts(opened.database.forSchema<PublisherTables>(PUBLISHER_SCHEMA)).claimDue(60_000, 10);
        expect(claimed.map((attempt) => [attempt.key.postUuid, attempt.interrupted]).sort()).toEqual(
          [[cutOff.postUuid, true], [waiting.postUuid, false]].sort(),
        );
      } finally {
        await opened.dispose();
      }
    });
  });

  describe('AccountCredentialStore', () => {
    const workspace = randomUUID();

    it('keeps settings and credentials encrypted and gives them back decrypted', async () => {
      await accounts.save({ accountId: 9_007_199_254, workspaceUuid: workspace, provider: 'sandbox', settings: { a: 1 }, credentials: { token: 'secret-token' } });
      const row = await database.db.selectFrom('accounts').selectAll().where('account_id', '=', 9_007_199_254).executeTakeFirstOrThrow();
      expect(row.credentials_encrypted).not.toContain('secret-token');
      expect(await accounts.find(9_007_199_254)).toEqual({
        accountId: 9_007_199_254,
        workspaceUuid: workspace,
        provider: 'sandbox',
        settings: { a: 1 },
        credentials: { token: 'secret-token' },
      });
    });

    it('replaces the account connected again, and removes it only for its workspace', async () => {
      await accounts.save({ accountId: 41, workspaceUuid: workspace, provider: 'sandbox', settings: {}, credentials: {} });
      await accounts.save({ accountId: 41, workspaceUuid: workspace, provider: 'mastodon', settings: { b: 2 }, credentials: {} });
      expect(await accounts.find(41)).toMatchObject({ provider: 'mastodon', settings: { b: 2 } });

      expect(await accounts.remove(41, randomUUID())).toBe(false);
      expect(await accounts.remove(41, workspace)).toBe(true);
      expect(await accounts.remove(41, workspace)).toBe(false);
      expect(await accounts.find(41)).toBeNull();
    });
  });
});
