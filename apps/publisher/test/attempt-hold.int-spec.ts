import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { memorySession } from '@test/providers/support/memory-session';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { ScriptedProvider } from './scripted-provider';

/** Long enough that a renewal (every third of it) delayed by a loaded machine still comes in time. */
const LEASE_MS = 600;

/**
 * A platform that takes longer than the attempt's lease (a video processed for minutes): the
 * process calling it renews its hold while the call lasts, so that another replica meeting the
 * attempt waits instead of taking it for cut off and resuming it at the same time.
 */
describe('Publisher: the hold on an attempt during a long call (SQLite)', () => {
  let tables: PublisherTablesOnSqlite;
  beforeAll(async () => {
    tables = await PublisherTablesOnSqlite.open();
  });
  afterAll(() => tables?.close());

  it('keeps the attempt in progress for the other replicas while the provider works, and lets it go once done', async () => {
    const provider = new ScriptedProvider('slow', 'resume');
    const publisher = tables.publisher(provider, { attemptLeaseMs: LEASE_MS });
    const connection = await tables.keep(provider, { accountId: 41, settings: {}, credentials: {}, session: memorySession() });
    const key = { postUuid: randomUUID(), accountId: connection.accountId, round: 1 };
    const seenMeanwhile: string[] = [];
    provider.beforeReadingMedia = async () => {
      for (let check = 0; check < 4; check++) {
        await sleep(LEASE_MS);
        seenMeanwhile.push((await tables.journal.begin(key, LEASE_MS)).kind);
      }
    };
    const snapshot = { id: connection.accountId, provider: 'slow', name: 'Slow', username: null };
    const version = { account_id: 0, is_original: true, content: [{ body: 'A long video', media: [] }], options: {} };

    expect(await publisher.publish(key, snapshot, [version])).toMatchObject({ outcome: 'published', externalId: 's-41' });
    expect(seenMeanwhile).toEqual(['in_progress', 'in_progress', 'in_progress', 'in_progress']);
    expect(provider.calls).toHaveLength(1);
    expect(await tables.journal.begin(key, LEASE_MS)).toMatchObject({ kind: 'finished' });
  });
});
