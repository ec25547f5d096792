import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { SecretBox } from '@app/security';
import { WEBHOOKS_SCHEMA, WebhooksTables, webhooksMigrations } from '../webhooks-schema';
import { NO_ACTIVITY, WebhookActivityStore } from './webhook-activity-store';
import { WebhookLimitReached, WebhookSettingsStore } from './webhook-settings-store';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const workspace = '2f0c6a3e-1111-4a7b-8c9d-000000000001';

/** Webhook settings by scope, on both engines. */
describe.each(testEngines)('WebhookSettingsStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<WebhooksTables>;
  let settings: WebhookSettingsStore;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<WebhooksTables>(open, WEBHOOKS_SCHEMA, webhooksMigrations));
    settings = new WebhookSettingsStore(database, new SecretBox('test'), new WebhookActivityStore(database));
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
      previous_secret_expires_at: null, disabled_at: null, disabled_reason: null,
      ...NO_ACTIVITY,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(system.active).toBe(false);
    expect((await settings.list(workspace, 'shown')).map((webhook) => webhook.id)).toEqual([mine.id]);
    expect((await settings.list(null, 'shown')).map((webhook) => webhook.id)).toEqual([system.id]);
    expect(await settings.find(null, mine.id, 'shown')).toBeNull();
    expect(await settings.exists(workspace, system.id)).toBe(false);
    expect(await settings.exists(workspace, mine.id)).toBe(true);
    expect(await settings.delete(workspace, system.id)).toBe(false);
  });

  it('adds a webhook to a scope only while it has fewer than the limit, even when creates race for the last place', async () => {
    const hook = (n: number) => ({ url: `https://a.example.com/${n}`, events: [], secret, active: true });
    for (const n of [1, 2]) await settings.insert(workspace, hook(n), 3);
    // Every connection of a pool open beforehand, so that the creates do run at the same time.
    const holdConnection = () => database.db.transaction().execute(async (tx) => {
      await tx.selectFrom('webhooks').select('id').execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await Promise.all([1, 2, 3, 4].map(holdConnection));

    const outcomes = await Promise.allSettled([3, 4, 5, 6, 7, 8].map((n) => settings.insert(workspace, hook(n), 3)));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) expect(outcome.reason).toEqual(new WebhookLimitReached(3));
    expect(await settings.list(workspace, 'hidden')).toHaveLength(3);
    // The system webhooks and other workspaces count apart.
    expect(await settings.insert(null, hook(9), 3)).toMatchObject({ url: 'https://a.example.com/9' });
    await expect(settings.insert(workspace, hook(10), 3)).rejects.toBeInstanceOf(WebhookLimitReached);
    await settings.delete(workspace, (await settings.list(workspace, 'hidden'))[0].id);
    expect(await settings.insert(workspace, hook(11), 3)).toMatchObject({ url: 'https://a.example.com/11' });
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
    expect(await settings.find(workspace, created.id, 'shown')).toEqual(updated);
  });

  it('shows the secret only when asked to', async () => {
    const created = await settings.insert(workspace, { url: 'https://a.example.com/', events: [], secret, active: true });
    expect(await settings.find(workspace, created.id, 'hidden')).toMatchObject({ id: created.id, secret: null });
    expect((await settings.list(workspace, 'hidden'))[0]).toMatchObject({ id: created.id, secret: null });
  });

  it('rotates the secret: the previous one, kept encrypted, signs too until its grace period ends', async () => {
    const created = await settings.insert(workspace, { url: 'https://a.example.com/', events: [], secret, active: true });
    const next = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const rotated = await settings.rotateSecret(workspace, created.id, next, 3600);
    expect(rotated).toMatchObject({ secret: next, previous_secret_expires_at: expect.stringMatching(/Z$/) });
    expect(Date.parse(rotated!.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(3_500_000);
    expect(await settings.signingTarget(workspace, created.id)).toEqual({ url: 'https://a.example.com/', secrets: [next, secret] });
    const row = await database.db.selectFrom('webhooks').select('previous_secret_ciphertext').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.previous_secret_ciphertext).not.toContain(secret.slice(6));

    const third = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
    expect(await settings.rotateSecret(workspace, created.id, third, 0)).toMatchObject({ secret: third, previous_secret_expires_at: null });
    expect((await settings.signingTarget(workspace, created.id))?.secrets).toEqual([third]);
    expect(await settings.rotateSecret(null, created.id, third, 0)).toBeNull();
  });

  it('tells the newest delivery and the share of the last day’s attempts that succeeded', async () => {
    const created = await settings.insert(workspace, { url: 'https://a.example.com/', events: [], secret, active: true });
    const values = (id: string, status: 'failed' | 'succeeded') => ({ id, webhook_id: created.id, event_id: id, event: 'post.failed', body: '{}', status, due_at: null, lease_token: null, lease_until: null });
    await database.db.insertInto('deliveries').values([values('d-1', 'succeeded'), values('d-2', 'failed')]).execute();
    const attempt = (delivery_id: string, status_code: number | null, hoursAgo = 0) => ({ delivery_id, attempted_at: new Date(Date.now() - hoursAgo * 3_600_000), status_code, duration_ms: 3, error: null, response: null });
    await database.db.insertInto('delivery_attempts').values([attempt('d-1', 200), attempt('d-1', 500, 30), attempt('d-2', 500), attempt('d-2', null), attempt('d-2', 204)]).execute();

    const [listed] = await settings.list(workspace, 'hidden');
    expect(listed).toMatchObject({ last_delivery_status: 'failed', last_delivery_at: expect.stringMatching(/Z$/), success_rate_24h: 0.5 });
  });

  it('deletes a webhook with its deliveries and their attempts', async () => {
    const created = await settings.insert(workspace, { url: 'https://a.example.com/', events: [], secret, active: true });
    await database.db
      .insertInto('deliveries')
      .values({ id: 'd-1', webhook_id: created.id, event_id: 'e', event: 'post.failed', body: '{}', status: 'failed', due_at: null, lease_token: null, lease_until: null })
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
