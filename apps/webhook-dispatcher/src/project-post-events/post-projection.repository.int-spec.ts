import { randomUUID } from 'node:crypto';
import { WebhookEnvelope } from '@app/contracts';
import { openMigratedSchema, SchemaDatabase, testEngines } from '@app/persistence';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { deliveryIdFor } from './delivery-id';
import { ProjectedPost } from './post-projection';
import { PostProjectionRepository } from './post-projection.repository';

const workspace = randomUUID();

/** The posts projection and the deliveries it queues, on both engines. */
describe.each(testEngines)('PostProjectionRepository on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;
  let posts: PostProjectionRepository;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
    posts = new PostProjectionRepository(database);
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
  const post = (revision: number, changes: Partial<ProjectedPost> = {}): ProjectedPost => ({
    postUuid: changes.postUuid ?? randomUUID(),
    workspaceUuid: workspace,
    revision,
    status: 'scheduled',
    scheduledAt: '2026-12-01T10:30:00+01:00',
    publishedAt: null,
    accounts: [{ provider: 'sandbox', name: 'Acme' }],
    ...changes,
  });

  it('keeps the latest revision of a post, its times in UTC', async () => {
    const first = post(1);
    await posts.transaction((tx) => posts.save(tx, first));
    await posts.transaction((tx) => posts.save(tx, { ...first, revision: 3, status: 'published', publishedAt: '2026-12-01T09:30:02Z' }));
    await posts.transaction((tx) => posts.save(tx, { ...first, revision: 2, status: 'failed' }));

    expect(await posts.transaction((tx) => posts.lock(tx, first.postUuid))).toEqual({
      ...first,
      revision: 3,
      status: 'published',
      scheduledAt: '2026-12-01T09:30:00.000Z',
      publishedAt: '2026-12-01T09:30:02.000Z',
    });
    expect(await posts.transaction((tx) => posts.lock(tx, randomUUID()))).toBeNull();
  });

  it('finds the active webhooks of the workspace and the system ones that want the event', async () => {
    const wanted = await webhook(workspace, ['post.published', 'post.failed']);
    await webhook(workspace, ['post.failed']);
    await webhook(workspace, ['post.published'], false);
    await webhook(randomUUID(), ['post.published']);
    const system = await webhook(null, ['post.published']);

    expect(await posts.transaction((tx) => posts.subscribedWebhooks(tx, workspace, 'post.published'))).toEqual([wanted, system]);
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
    const rows = await database.db.selectFrom('deliveries').select(['webhook_id', 'status', 'body', 'next_attempt_at']).orderBy('seq').execute();
    expect(rows.map((row) => [Number(row.webhook_id), row.status, JSON.parse(row.body)])).toEqual([
      [a, 'pending', envelope],
      [b, 'pending', envelope],
    ]);
    expect(rows.every((row) => row.next_attempt_at !== null)).toBe(true);
  });
});
