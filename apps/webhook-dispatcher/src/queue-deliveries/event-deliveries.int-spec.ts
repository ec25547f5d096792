import { randomUUID } from 'node:crypto';
import { WebhookEnvelope } from '@app/contracts';
import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { DeliveryQueueStore } from '../deliver-webhooks/delivery-queue-store';
import { deliveryIdFor } from './delivery-id';
import { EventDeliveries } from './event-deliveries';

const workspace = randomUUID();

/** The webhooks a post event goes to and the deliveries it queues, on both engines. */
describe.each(testEngines)('EventDeliveries on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;
  let posts: EventDeliveries;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
    posts = new EventDeliveries(database);
  });
  beforeEach(() => database.db.deleteFrom('webhooks').execute());
  afterAll(() => dispose());

  const webhook = async (workspaceUuid: string | null, events: string[], active = true) => {
    const row = await database.db
      .insertInto('webhooks')
      .values({ workspace_uuid: workspaceUuid, url: 'https://x.example.com/', events: database.dialect.json(events), secret_ciphertext: 'c', active })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  it('finds the active webhooks of the workspace and the system ones that want the event', async () => {
    const wanted = await webhook(workspace, ['post.published', 'post.failed']);
    await webhook(workspace, ['post.failed']);
    await webhook(workspace, ['post.published'], false);
    await webhook(randomUUID(), ['post.published']);
    const system = await webhook(null, ['post.published']);

    const webhooks = await posts.transaction((tx) => posts.subscribedWebhooks(tx, workspace));
    expect(webhooks.wanting('post.published')).toEqual([wanted, system]);
    expect(webhooks.wanting('post.failed')).toHaveLength(2);
  });

  it('queues the deliveries of an event to its webhooks in one statement, once', async () => {
    const [a, b] = [await webhook(workspace, ['post.failed']), await webhook(null, ['post.failed'])];
    const envelope: WebhookEnvelope = {
      event: 'post.failed',
      workspace_uuid: workspace,
      post: { uuid: randomUUID(), status: 'failed', scheduled_at: null, published_at: null, accounts: [] },
      timestamp: '2026-12-01T09:30:00.000Z',
    };

    const queued = await posts.transaction((tx) => posts.queueDeliveries(tx, 'event-1', [a, b], envelope));
    const again = await posts.transaction((tx) => posts.queueDeliveries(tx, 'event-1', [a, b], envelope));

    expect(queued.sort()).toEqual([deliveryIdFor('event-1', a), deliveryIdFor('event-1', b)].sort());
    expect(again).toEqual([]);
    const rows = await database.db.selectFrom('deliveries').select(['webhook_id', 'status', 'body', 'due_at']).orderBy('seq').execute();
    expect(rows.map((row) => [Number(row.webhook_id), row.status, JSON.parse(row.body)])).toEqual([
      [a, 'pending', envelope],
      [b, 'pending', envelope],
    ]);
    expect(rows.every((row) => row.due_at !== null)).toBe(true);
  });

  it('keeps the trace of the event with each delivery, for its attempts', async () => {
    const hook = await webhook(workspace, ['post.published']);
    const envelope: WebhookEnvelope = {
      event: 'post.published',
      workspace_uuid: workspace,
      post: { uuid: randomUUID(), status: 'published', scheduled_at: null, published_at: null, accounts: [] },
      timestamp: '2026-12-01T09:30:00.000Z',
    };
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await posts.transaction((tx) => posts.queueDeliveries(tx, 'event-traced', [hook], envelope, traceparent));

    const claimed = await new DeliveryQueueStore(database).claimDue(10, 60_000);

    expect(claimed.map((delivery) => [delivery.id, delivery.traceparent])).toEqual([[deliveryIdFor('event-traced', hook), traceparent]]);
  });
});
