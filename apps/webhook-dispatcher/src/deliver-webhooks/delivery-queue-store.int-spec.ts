import { migrateSchema, SchemaDatabase, toDate } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { ClaimedDelivery, DeliveryQueueStore, FinishedAttempt } from './delivery-queue-store';
import { freshWebhook } from '../../test/webhook-rows';

jest.setTimeout(30_000);

const attempt = { at: new Date(), statusCode: 500, durationMs: 12, error: null, response: 'no' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The delivery queue on both engines, claimed by several replicas at once: on PostgreSQL each
 * claim runs on a connection of its own, so their row locks meet.
 */
describe.each(testEngines)('DeliveryQueueStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;
  let replicas: DeliveryQueueStore[];
  let webhookId: number;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
    replicas = Array.from({ length: 4 }, () => new DeliveryQueueStore(database));
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    webhookId = await freshWebhook(database);
  });

  async function queue(count: number, dueInMs = 0): Promise<void> {
    const { db, dialect } = database;
    await db
      .insertInto('deliveries')
      .values(
        Array.from({ length: count }, (_, index) => ({
          id: `d-${index + 1}`,
          webhook_id: webhookId,
          event_id: `e-${index + 1}`,
          event: 'post.published',
          body: '{}',
          status: 'pending' as const,
          due_at: dialect.nowPlusMs(dueInMs),
          lease_token: null,
          lease_until: null,
        })),
      )
      .execute();
  }
  const delivery = (id: string) => database.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const attemptsOf = (id: string) =>
    database.db.selectFrom('delivery_attempts').select('status_code').where('delivery_id', '=', id).orderBy('id').execute();
  const setActive = (active: boolean) => database.db.updateTable('webhooks').set({ active }).where('id', '=', webhookId).execute();

  it('never hands one delivery to two replicas claiming at once', async () => {
    await queue(200);
    const claimed: ClaimedDelivery[] = [];
    await Promise.all(
      replicas.map(async (replica) => {
        for (;;) {
          const batch = await replica.claimDue(7, 60_000);
          if (batch.length === 0) return;
          claimed.push(...batch);
        }
      }),
    );
    expect(claimed).toHaveLength(200);
    expect(new Set(claimed.map((claim) => claim.id)).size).toBe(200);
    expect(new Set(claimed.map((claim) => claim.leaseToken)).size).toBeGreaterThan(4);
    expect(claimed[0]).toMatchObject({ webhookId, url: 'http://x', secretCiphertext: 'c', runAttempts: 0, body: '{}' });
  });

  it('holds the deliveries of a deactivated webhook until it is active again, and does not count them as due', async () => {
    await queue(3);
    await setActive(false);
    expect(await replicas[0].claimDue(10, 60_000)).toEqual([]);
    expect(await replicas[0].msUntilNextDue()).toBeNull();
    await setActive(true);
    expect(await replicas[0].msUntilNextDue()).toBe(0);
    expect(await replicas[0].claimDue(10, 60_000)).toHaveLength(3);
  });

  it('leaves the deliveries of webhooks the worker calls busy for a later claim', async () => {
    await queue(3);
    expect(await replicas[0].claimDue(10, 60_000, [webhookId])).toEqual([]);
    expect(await replicas[0].msUntilNextDue([webhookId])).toBeNull();
    expect(await replicas[0].msUntilNextDue([webhookId + 1])).toBe(0);
    expect(await replicas[0].claimDue(10, 60_000, [webhookId + 1])).toHaveLength(3);
  });

  it('does not hand out a leased delivery again until the lease runs out', async () => {
    await queue(1);
    const [claimed] = await replicas[0].claimDue(10, 300);
    expect(claimed).toMatchObject({ id: 'd-1', url: 'http://x', runAttempts: 0 });
    expect(await replicas[1].claimDue(10, 300)).toEqual([]);
    expect(await replicas[1].msUntilNextDue()).toBeGreaterThan(100);
    await sleep(350);
    const [taken] = await replicas[1].claimDue(10, 60_000);
    expect(taken.id).toBe('d-1');

    // The replica whose lease ran out logs its attempt but no longer moves the delivery on.
    await replicas[0].recordAttempts([{ delivery: claimed, attempt, outcome: { status: 'failed' } }]);
    expect(await delivery('d-1')).toMatchObject({ status: 'pending', lease_token: taken.leaseToken });
    expect(await attemptsOf('d-1')).toEqual([{ status_code: 500 }]);
  });

  it('records a batch of attempts at once, each delivery moved on by its own outcome', async () => {
    await queue(4);
    const claimed = await replicas[0].claimDue(10, 60_000);
    const byId = new Map(claimed.map((claim) => [claim.id, claim]));
    const finished: FinishedAttempt[] = [
      { delivery: byId.get('d-1')!, attempt: { ...attempt, statusCode: 200 }, outcome: { status: 'succeeded' } },
      { delivery: byId.get('d-2')!, attempt, outcome: { status: 'failed' } },
      { delivery: byId.get('d-3')!, attempt, outcome: { status: 'pending', retryInMs: 60_000 } },
      { delivery: byId.get('d-4')!, attempt: { ...attempt, statusCode: null, error: 'refused' }, outcome: { status: 'pending', retryInMs: 1_000 } },
    ];
    await database.db.deleteFrom('deliveries').where('id', '=', 'd-2').execute();

    await replicas[0].recordAttempts(finished);

    const rows = await database.db.selectFrom('deliveries').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.status, row.run_attempts, row.lease_token])).toEqual([
      ['d-1', 'succeeded', 1, null],
      ['d-3', 'pending', 1, null],
      ['d-4', 'pending', 1, null],
    ]);
    expect(rows[0].due_at).toBeNull();
    const dueIn = (row: (typeof rows)[number]) => toDate(row.due_at)!.getTime() - Date.now();
    expect(dueIn(rows[1])).toBeGreaterThan(55_000);
    expect(dueIn(rows[2])).toBeGreaterThan(500);
    expect(dueIn(rows[2])).toBeLessThanOrEqual(1_000);
    expect(await attemptsOf('d-1')).toEqual([{ status_code: 200 }]);
    expect(await attemptsOf('d-4')).toEqual([{ status_code: null }]);
    const wait = await replicas[1].msUntilNextDue();
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(1_000);
  });

  it('frees the leases left by an ended process at start only where one process opens the database', async () => {
    await queue(1);
    const [claimed] = await replicas[0].claimDue(10, 60_000);
    const released = await replicas[1].releaseLeftoverLeases();
    if (database.dialect.singleProcess) {
      expect(released).toBe(1);
      expect(await replicas[1].claimDue(10, 60_000)).toMatchObject([{ id: 'd-1' }]);
    } else {
      // On a shared server a lease may belong to a live replica.
      expect(released).toBe(0);
      expect(await replicas[1].claimDue(10, 60_000)).toEqual([]);
      expect((await delivery('d-1')).lease_token).toBe(claimed.leaseToken);
    }
  });

  it('makes a failed attempt due again after its retry delay only', async () => {
    await queue(1);
    const [claimed] = await replicas[0].claimDue(10, 60_000);
    await replicas[0].recordAttempts([{ delivery: claimed, attempt, outcome: { status: 'pending', retryInMs: 400 } }]);
    expect(await replicas[2].claimDue(10, 60_000)).toEqual([]);
    const wait = await replicas[2].msUntilNextDue();
    expect(wait).toBeGreaterThan(300);
    expect(wait).toBeLessThanOrEqual(400);
    await sleep(wait! + 5);
    const [again] = await replicas[2].claimDue(10, 60_000);
    expect(again).toMatchObject({ id: 'd-1', runAttempts: 1 });
  });

  it('reports nothing due when no delivery is pending', async () => {
    expect(await replicas[0].msUntilNextDue()).toBeNull();
    await queue(1, 60_000);
    expect(await replicas[0].claimDue(10, 60_000)).toEqual([]);
    expect(await replicas[0].msUntilNextDue()).toBeGreaterThan(59_000);
  });
});

describe.each(testEngines)('deliveries migrated to due work on %s', (_, open) => {
  it('keeps each delivery due when it was through the rename of next_attempt_at, and its lease', async () => {
    const opened = await open();
    try {
      const before = opened.database.forSchema<{ deliveries: Record<string, unknown> }>(WEBHOOKS_SCHEMA);
      await migrateSchema(before, webhooksMigrations.slice(0, 3));
      const webhookId = await freshWebhook(opened.database.forSchema<WebhooksTables>(WEBHOOKS_SCHEMA));
      const row = (id: string, nextAttemptAt: Date, leaseUntil: Date | null) => ({
        id,
        webhook_id: webhookId,
        event_id: id,
        event: 'post.published',
        body: '{}',
        status: 'pending',
        next_attempt_at: nextAttemptAt,
        lease_token: leaseUntil ? 'old-claim' : null,
        lease_until: leaseUntil,
      });
      const overdue = new Date(Date.now() - 1_000);
      const later = new Date(Date.now() + 60_000);
      await before.db.insertInto('deliveries').values([row('due', overdue, null), row('later', later, null), row('held', overdue, later)]).execute();

      await migrateSchema(before, webhooksMigrations);

      const after = opened.database.forSchema<WebhooksTables>(WEBHOOKS_SCHEMA);
      const rows = await after.db.selectFrom('deliveries').select(['id', 'due_at', 'lease_token']).orderBy('id').execute();
      expect(rows.map((kept) => [kept.id, toDate(kept.due_at), kept.lease_token])).toEqual([
        ['due', overdue, null],
        ['held', overdue, 'old-claim'],
        ['later', later, null],
      ]);
      expect((await new DeliveryQueueStore(after).claimDue(10, 60_000)).map((claimed) => claimed.id)).toEqual(['due']);
    } finally {
      await opened.dispose();
    }
  });
});
