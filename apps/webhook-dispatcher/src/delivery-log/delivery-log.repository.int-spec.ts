import { openMigratedSchema, SchemaDatabase, testEngines } from '@app/persistence';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { DeliveryLogRepository } from './delivery-log.repository';
import { freshWebhook } from '../testing/webhook-rows';

/** A webhook's delivery log, on both engines. */
describe.each(testEngines)('DeliveryLogRepository on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;
  let log: DeliveryLogRepository;
  let webhookId: number;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
    log = new DeliveryLogRepository(database);
  });
  beforeEach(async () => {
    webhookId = await freshWebhook(database);
  });
  afterAll(() => dispose());

  async function delivery(id: string, status: 'pending' | 'succeeded' | 'failed', attempts: Array<number | null>): Promise<void> {
    await database.db
      .insertInto('deliveries')
      .values({ id, webhook_id: webhookId, event_id: `e-${id}`, event: 'post.published', body: `{"n":"${id}"}`, status, next_attempt_at: null, lease_token: null, lease_until: null })
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
      attempts: [{ at: '2026-11-22T10:00:00.000Z', status_code: null, duration_ms: 5, error: null, response: 'r' }],
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
});
