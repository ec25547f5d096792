import { loadConfig } from '@app/config';
import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { freshWebhook } from '../../test/webhook-rows';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { DeliveryRetention } from './delivery-retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The delivery log's retention, on both engines. */
describe.each(testEngines)('DeliveryRetention on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
  });
  afterAll(() => dispose());

  it('removes ended deliveries older than the retention with their attempts; keeps pending and recent ones', async () => {
    const webhookId = await freshWebhook(database);
    const now = new Date('2026-11-24T12:00:00Z');
    const delivery = async (id: string, status: 'pending' | 'succeeded' | 'failed', ageDays: number) => {
      await database.db
        .insertInto('deliveries')
        .values({ id, webhook_id: webhookId, event_id: id, event: 'post.published', post_uuid: null, body: '{}', status, due_at: null, lease_token: null, lease_until: null, created_at: new Date(now.getTime() - ageDays * DAY_MS) })
        .execute();
      await database.db
        .insertInto('delivery_attempts')
        .values({ delivery_id: id, attempted_at: new Date(now.getTime() - ageDays * DAY_MS), status_code: 200, duration_ms: 5, error: null, response: 'ok' })
        .execute();
    };
    await delivery('old-succeeded', 'succeeded', 31);
    await delivery('old-failed', 'failed', 45);
    await delivery('old-pending', 'pending', 40);
    await delivery('recent', 'succeeded', 29);

    const retention = new DeliveryRetention(database, loadConfig({ DELIVERY_RETENTION_DAYS: '30' }));
    expect(await retention.prune(now)).toBe(2);
    const left = await database.db.selectFrom('deliveries').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['old-pending', 'recent']);
    const attempts = await database.db.selectFrom('delivery_attempts').select('delivery_id').orderBy('delivery_id').execute();
    expect(attempts.map((row) => row.delivery_id)).toEqual(['old-pending', 'recent']);
    expect(await retention.prune(now)).toBe(0);
  });
});
