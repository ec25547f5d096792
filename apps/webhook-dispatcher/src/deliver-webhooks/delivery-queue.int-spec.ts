import { createThrowawayDatabase, PostgresSqlClient, runMigrations, ThrowawayDatabase } from '@app/persistence';
import { WEBHOOKS_SCHEMA, webhooksMigrations } from '../webhooks-schema';
import { ClaimedDelivery, DeliveryQueueRepository } from './delivery-queue.repository';

jest.setTimeout(30_000);

const attempt = { at: new Date(), statusCode: 500, durationMs: 12, error: null, response: 'no' };

/** Claims on the real PostgreSQL, by several replicas at once (one connection pool each). */
describe('DeliveryQueueRepository on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  const clients: PostgresSqlClient[] = [];
  let replicas: DeliveryQueueRepository[];
  let sql: PostgresSqlClient;

  beforeAll(async () => {
    database = await createThrowawayDatabase('webhooks_queue');
    for (let i = 0; i < 4; i += 1) clients.push(new PostgresSqlClient(database.url, { max: 3 }));
    [sql] = clients;
    await runMigrations(sql, WEBHOOKS_SCHEMA, webhooksMigrations);
    replicas = clients.map((client) => new DeliveryQueueRepository(client));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await database?.drop();
  });
  beforeEach(async () => {
    await sql.query('TRUNCATE webhooks.webhooks CASCADE');
    await sql.query(`INSERT INTO webhooks.webhooks (id, workspace_uuid, url, events, secret_ciphertext) VALUES (1, 'w', 'http://x', '[]', 'c')`);
  });

  async function queue(count: number, dueInMs = 0): Promise<void> {
    await sql.query(
      `INSERT INTO webhooks.deliveries (id, webhook_id, event_id, event, body, status, next_attempt_at)
       SELECT 'd-' || n, 1, 'e-' || n, 'post.published', '{}', 'pending', now() + $2::float8 * interval '1 millisecond'
       FROM generate_series(1, $1::integer) AS n`,
      [count, dueInMs],
    );
  }

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
    expect(new Set(claimed.map((delivery) => delivery.id)).size).toBe(200);
    expect(new Set(claimed.map((delivery) => delivery.leaseToken)).size).toBeGreaterThan(4);
  });

  it('holds the deliveries of a deactivated webhook until it is active again', async () => {
    await queue(3);
    await sql.query('UPDATE webhooks.webhooks SET active = false WHERE id = 1');
    expect(await replicas[0].claimDue(10, 60_000)).toEqual([]);
    await sql.query('UPDATE webhooks.webhooks SET active = true WHERE id = 1');
    expect(await replicas[0].claimDue(10, 60_000)).toHaveLength(3);
  });

  it('does not hand out a leased delivery again until the lease runs out', async () => {
    await queue(1);
    const [claimed] = await replicas[0].claimDue(10, 300);
    expect(claimed).toMatchObject({ id: 'd-1', url: 'http://x', runAttempts: 0 });
    expect(await replicas[1].claimDue(10, 300)).toEqual([]);
    expect(await replicas[1].msUntilNextDue()).toBeGreaterThan(100);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const [taken] = await replicas[1].claimDue(10, 60_000);
    expect(taken.id).toBe('d-1');

    // The replica whose lease ran out logs its attempt but no longer moves the delivery on.
    await replicas[0].recordAttempt(claimed, attempt, { status: 'failed' });
    const [row] = await sql.query<{ status: string; lease_token: string }>("SELECT status, lease_token FROM webhooks.deliveries WHERE id = 'd-1'");
    expect(row).toEqual({ status: 'pending', lease_token: taken.leaseToken });
    expect(await sql.query("SELECT status_code FROM webhooks.delivery_attempts WHERE delivery_id = 'd-1'")).toEqual([{ status_code: 500 }]);
  });

  it('leaves the leases alone at start: on PostgreSQL they may belong to live replicas', async () => {
    await queue(1);
    const [claimed] = await replicas[0].claimDue(10, 60_000);
    expect(await replicas[1].releaseLeftoverLeases()).toBe(0);
    expect(await replicas[1].claimDue(10, 60_000)).toEqual([]);
    const [row] = await sql.query<{ lease_token: string }>("SELECT lease_token FROM webhooks.deliveries WHERE id = 'd-1'");
    expect(row.lease_token).toBe(claimed.leaseToken);
  });

  it('makes a failed attempt due again after its retry delay only', async () => {
    await queue(1);
    const [claimed] = await replicas[0].claimDue(10, 60_000);
    await replicas[0].recordAttempt(claimed, attempt, { status: 'pending', retryInMs: 400 });
    expect(await replicas[2].claimDue(10, 60_000)).toEqual([]);
    const wait = await replicas[2].msUntilNextDue();
    expect(wait).toBeGreaterThan(300);
    expect(wait).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, wait! + 5));
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
