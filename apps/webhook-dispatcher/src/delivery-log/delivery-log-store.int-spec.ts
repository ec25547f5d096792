import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { DeliveryLogStore } from './delivery-log-store';
import { freshWebhook } from '../../test/webhook-rows';

/** A webhook's delivery log, on both engines. */
describe.each(testEngines)('DeliveryLogStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;
  let log: DeliveryLogStore;
  let webhookId: number;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
    log = new DeliveryLogStore(database);
  });
  beforeEach(async () => {
    webhookId = await freshWebhook(database);
  });
  afterAll(() => dispose());

  interface Shape {
    event?: string;
    postUuid?: string;
    hoursAgo?: number;
  }
  async function delivery(id: string, status: 'pending' | 'succeeded' | 'failed', attempts: Array<number | null>, shape: Shape = {}): Promise<void> {
    const { event = 'post.published', postUuid = null, hoursAgo = 0 } = shape;
    const created_at = new Date(Date.now() - hoursAgo * 3_600_000);
    await database.db
      .insertInto('deliveries')
      .values({ id, webhook_id: webhookId, event_id: `e-${id}`, event, post_uuid: postUuid, body: `{"n":"${id}"}`, status, due_at: null, lease_token: null, lease_until: null, created_at })
      .execute();
    for (const [index, statusCode] of attempts.entries()) {
      await database.db
        .insertInto('delivery_attempts')
        .values({ delivery_id: id, attempted_at: new Date(Date.UTC(2026, 10, 22, 10, 0, index)), status_code: statusCode, duration_ms: 5, error: null, response: 'r' })
        .execute();
    }
  }

  it('lists the newest deliveries first, each with its attempts in order', async () => {
    await delivery('d-1', 'succeeded', [500, 200]);
    await delivery('d-2', 'failed', [null]);
    await delivery('d-3', 'pending', []);

    const listed = await log.list(webhookId, 2);

    expect(listed.map((view) => view.id)).toEqual(['d-3', 'd-2']);
    expect(listed[1]).toEqual({
      id: 'd-2',
      webhook_id: webhookId,
      event: 'post.published',
      status: 'failed',
      attempts: [{ at: '2026-11-22T10:00:00.000Z', status_code: null, duration_ms: 5, error: null, error_kind: null, response: 'r', next_retry_at: null }],
      next_attempt_at: null,
      payload: { n: 'd-2' },
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await log.find(webhookId, 'd-1'))?.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
    expect(await log.find(webhookId + 1, 'd-1')).toBeNull();
  });

  it('resends a finished delivery, due now, but leaves a pending one alone', async () => {
    await delivery('d-1', 'failed', [500]);
    await delivery('d-2', 'pending', []);

    expect(await log.resend(webhookId, 'd-1')).toBe(true);
    expect(await log.resend(webhookId, 'd-2')).toBe(false);

    const resent = await log.find(webhookId, 'd-1');
    expect(resent).toMatchObject({ status: 'pending', next_attempt_at: expect.stringMatching(/Z$/) });
    expect(Math.abs(new Date(resent!.next_attempt_at!).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('filters the log by status, event, creation window and post', async () => {
    await delivery('d-1', 'failed', [500], { event: 'post.failed', postUuid: 'p-1', hoursAgo: 30 });
    await delivery('d-2', 'failed', [500], { event: 'post.published', postUuid: 'p-2', hoursAgo: 5 });
    await delivery('d-3', 'succeeded', [200], { event: 'post.published', postUuid: 'p-2', hoursAgo: 1 });
    const ids = async (filters: Parameters<DeliveryLogStore['list']>[2]) => (await log.list(webhookId, 50, filters)).map((view) => view.id);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

    expect(await ids({})).toEqual(['d-3', 'd-2', 'd-1']);
    expect(await ids({ status: 'failed' })).toEqual(['d-2', 'd-1']);
    expect(await ids({ event: 'post.published' })).toEqual(['d-3', 'd-2']);
    expect(await ids({ postUuid: 'p-2', status: 'failed' })).toEqual(['d-2']);
    expect(await ids({ since: hoursAgo(24) })).toEqual(['d-3', 'd-2']);
    expect(await ids({ since: hoursAgo(48), until: hoursAgo(2) })).toEqual(['d-2', 'd-1']);
  });

  it('recovers the failed deliveries of a window: counted first, then due again', async () => {
    await delivery('d-1', 'failed', [500], { hoursAgo: 30 });
    await delivery('d-2', 'failed', [500], { hoursAgo: 5 });
    await delivery('d-3', 'failed', [null], { hoursAgo: 1 });
    await delivery('d-4', 'succeeded', [200], { hoursAgo: 1 });
    const window = { since: new Date(Date.now() - 24 * 3_600_000), until: new Date(Date.now() - 2 * 3_600_000) };

    expect(await log.recover(webhookId, window, true)).toBe(1);
    expect(await log.recover(webhookId, { ...window, until: null }, true)).toBe(2);
    expect((await log.find(webhookId, 'd-2'))?.status).toBe('failed');

    expect(await log.recover(webhookId, { ...window, until: null }, false)).toBe(2);
    const statuses = (await log.list(webhookId, 50)).map((view) => [view.id, view.status]);
    expect(statuses).toEqual([['d-4', 'succeeded'], ['d-3', 'pending'], ['d-2', 'pending'], ['d-1', 'failed']]);
    expect(await log.recover(webhookId + 1, { ...window, until: null }, false)).toBe(0);
  });
});
