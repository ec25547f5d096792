import { openMigratedSchema, SchemaDatabase, testEngines } from '@app/persistence';
import { SecretBox } from '@app/security';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { WebhookSettingsRepository } from './webhook-settings.repository';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const workspace = '2f0c6a3e-1111-4a7b-8c9d-000000000001';

/** Webhook settings by scope, on both engines. */
describe.each(testEngines)('WebhookSettingsRepository on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;
  let settings: WebhookSettingsRepository;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
    settings = new WebhookSettingsRepository(database, new SecretBox('test'));
  });
  beforeEach(() => database.db.deleteFrom('webhooks').execute());
  afterAll(() => dispose());

  it('keeps a workspace’s webhooks and the system ones apart', async () => {
    const mine = await settings.insert(workspace, { url: 'https://a.example.com/', events: ['post.published'], secret, active: true });
    const system = await settings.insert(null, { url: 'https://panel.example.com/', events: ['post.failed'], secret, active: false });

    expect(mine).toEqual({
      id: expect.any(Number),
      url: 'https://a.example.com/',
      events: ['post.published'],
      secret,
      active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(system.active).toBe(false);
    expect((await settings.list(workspace)).map((webhook) => webhook.id)).toEqual([mine.id]);
    expect((await settings.list(null)).map((webhook) => webhook.id)).toEqual([system.id]);
    expect(await settings.find(null, mine.id)).toBeNull();
    expect(await settings.exists(workspace, system.id)).toBe(false);
    expect(await settings.exists(workspace, mine.id)).toBe(true);
    expect(await settings.delete(workspace, system.id)).toBe(false);
  });

  it('stores the secret encrypted', async () => {
    const created = await settings.insert(workspace, { url: 'https://a.example.com/', events: [], secret, active: true });
    const row = await database.db.selectFrom('webhooks').select('secret_ciphertext').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(secret.slice(6));
  });

  it('updates only the fields named', async () => {
    const created = await settings.insert(workspace, { url: 'https://a.example.com/', events: ['post.published'], secret, active: true });
    const updated = await settings.update(workspace, created.id, { active: false, events: ['post.failed', 'post.approved'] });
    expect(updated).toMatchObject({ url: 'https://a.example.com/', events: ['post.failed', 'post.approved'], secret, active: false });
    expect(await settings.update(null, created.id, { active: true })).toBeNull();
    expect(await settings.find(workspace, created.id)).toEqual(updated);
  });

  it('deletes a webhook with its deliveries and their attempts', async () => {
    const created = await settings.insert(workspace, { url: 'https://a.example.com/', events: [], secret, active: true });
    await database.db
      .insertInto('deliveries')
      .values({ id: 'd-1', webhook_id: created.id, event_id: 'e', event: 'post.failed', body: '{}', status: 'failed', next_attempt_at: null, lease_token: null, lease_until: null })
      .execute();
    await database.db
      .insertInto('delivery_attempts')
      .values({ delivery_id: 'd-1', attempted_at: new Date(), status_code: 500, duration_ms: 3, error: null, response: null })
      .execute();

    expect(await settings.delete(workspace, created.id)).toBe(true);

    expect(await database.db.selectFrom('deliveries').select('id').execute()).toEqual([]);
    expect(await database.db.selectFrom('delivery_attempts').select('id').execute()).toEqual([]);
  });
});
