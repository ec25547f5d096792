import { randomUUID } from 'node:crypto';
import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { PUBLISHER_SCHEMA, PublisherTables, publisherMigrations } from '../publisher-migrations';
import { MetricCollections, PlannedCollection } from './metric-collections';

const WORKSPACE = randomUUID();
const HOUR_MS = 3_600_000;

/** The collections of published accounts' figures, on both engines: due, leased, advanced, refreshed once a minute. */
describe.each(testEngines)('MetricCollections on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<PublisherTables>;
  let collections: MetricCollections;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<PublisherTables>(open, PUBLISHER_SCHEMA, publisherMigrations));
    collections = new MetricCollections(database);
  });
  afterAll(() => dispose());
  beforeEach(() => database.db.deleteFrom('metric_collections').execute());

  const planned = (accountId = 1, publishedAt = new Date(Date.now() - 2 * HOUR_MS)): PlannedCollection => ({
    postUuid: randomUUID(),
    workspaceUuid: WORKSPACE,
    account: { id: accountId, provider: 'sandbox', name: 'Sandbox', username: null },
    externalId: 'sbx_1',
    externalUrl: 'https://sandbox.invalid/posts/sbx_1',
    publishedAt,
  });

  it('claims a collection once due, one claim at a time, until it is advanced to its next point', async () => {
    const due = planned();
    await collections.plan(due, new Date(Date.now() - 1_000));
    await collections.plan(planned(2), new Date(Date.now() + HOUR_MS));
    await collections.plan(due, new Date(Date.now() + HOUR_MS)); // planned again (a redelivery): stays as it was

    const [claimed, ...others] = await collections.claimDue(60_000, 10);
    expect(others).toEqual([]);
    expect(claimed).toMatchObject({ postUuid: due.postUuid, account: due.account, externalId: 'sbx_1', publishedAt: due.publishedAt, nextPoint: 0, refreshPoint: null, failures: 0 });
    expect(await collections.claimDue(60_000, 10)).toEqual([]);

    await collections.advance(claimed, 1, new Date(Date.now() + 22 * HOUR_MS));
    expect(await collections.claimDue(60_000, 10)).toEqual([]);
    const next = await collections.msUntilNextDue();
    expect(next).toBeGreaterThan(HOUR_MS - 60_000);
    expect(next).toBeLessThanOrEqual(HOUR_MS);
  });

  it('postpones a reading that failed for a while, counting the failures', async () => {
    await collections.plan(planned(), new Date(Date.now() - 1_000));
    const [claimed] = await collections.claimDue(60_000, 10);
    await collections.postpone(claimed, 50);
    expect(await collections.claimDue(60_000, 10)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await collections.claimDue(60_000, 10)).toEqual([expect.objectContaining({ failures: 1, nextPoint: 0 })]);
  });

  it('a refresh makes every collection of the post due now, once a minute; the schedule stays where it was', async () => {
    const post = planned(1);
    await collections.plan(post, new Date(Date.now() + HOUR_MS));
    await collections.plan({ ...post, account: { ...post.account, id: 2 } }, new Date(Date.now() + HOUR_MS));
    const now = new Date();
    expect(await collections.askRefresh(WORKSPACE, post.postUuid, now)).toEqual({ accounts: 2, retryAfterSeconds: null });
    expect(await collections.askRefresh(WORKSPACE, post.postUuid, new Date(now.getTime() + 20_000))).toEqual({ accounts: 2, retryAfterSeconds: 40 });
    expect(await collections.askRefresh(randomUUID(), post.postUuid, now)).toEqual({ accounts: 0, retryAfterSeconds: null });

    const claimed = await collections.claimDue(60_000, 10);
    expect(claimed.map((each) => [each.account.id, each.refreshPoint])).toEqual(expect.arrayContaining([[1, `refresh:${now.toISOString()}`], [2, `refresh:${now.toISOString()}`]]));
    for (const each of claimed) await collections.advance(each, 0, new Date(Date.now() + HOUR_MS));
    expect(await collections.claimDue(60_000, 10)).toEqual([]);
  });

  it('a refresh asked for while a reading is under way is read after it', async () => {
    const post = planned();
    await collections.plan(post, new Date(Date.now() - 1_000));
    const [claimed] = await collections.claimDue(60_000, 10);
    await collections.askRefresh(WORKSPACE, post.postUuid, new Date());
    await collections.advance(claimed, 1, new Date(Date.now() + HOUR_MS));
    expect(await collections.claimDue(60_000, 10)).toEqual([expect.objectContaining({ nextPoint: 1, refreshPoint: expect.stringMatching(/^refresh:/) })]);
  });
});
