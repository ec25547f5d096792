import { Webhook } from 'standardwebhooks';
import { RpcMethods, rpcServiceOf, ServiceError, DEFAULT_WEBHOOK_EVENTS, WebhookView } from '@app/contracts';
import { WebhookDispatcherHarness } from './webhook-dispatcher-harness';
import { NO_ACTIVITY } from '../src/manage-webhooks/webhook-activity-store';
import { WebhookMessages } from '../src/manage-webhooks/webhook-input';

const workspace = { workspaceUuid: '2f0c6a3e-1111-4a7b-8c9d-000000000001' };
const otherWorkspace = { workspaceUuid: '2f0c6a3e-2222-4a7b-8c9d-000000000002' };
const system = { system: true } as const;

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ServiceError)) throw error;
  return error;
}

describe('webhook settings over RPC', () => {
  let dispatcher: WebhookDispatcherHarness;

  beforeAll(async () => {
    dispatcher = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  });
  afterAll(async () => {
    await dispatcher?.stop();
  });

  const create = (scope: unknown, input: unknown) => dispatcher.request<WebhookView>(RpcMethods.createWebhook, { scope, input });

  it('creates a webhook with a generated secret, the four events of the specification and active by default', async () => {
    const created = await create(workspace, { url: 'https://hooks.example.com/in' });
    expect(created).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.example.com/in',
      events: [...DEFAULT_WEBHOOK_EVENTS],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      active: true,
      previous_secret_expires_at: null, disabled_at: null, disabled_reason: null,
      ...NO_ACTIVITY,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    // The generated secret is one the Standard Webhooks library accepts.
    expect(() => new Webhook(created.secret!)).not.toThrow();
    expect(await dispatcher.request(RpcMethods.getWebhook, { scope: workspace, webhookId: created.id, showSecret: true, showUrl: true })).toEqual(created);
    // Without asking for it (a member or a viewer), the secret stays behind: the key is there, null.
    expect(await dispatcher.request(RpcMethods.getWebhook, { scope: workspace, webhookId: created.id, showUrl: true })).toEqual({ ...created, secret: null });
    const listed = await dispatcher.request<WebhookView[]>(RpcMethods.listWebhooks, { scope: workspace });
    expect(listed.map((webhook) => webhook.secret)).toEqual(listed.map(() => null));
  });

  it('gives a reader who may not see the whole URL (a viewer) only its origin: no credentials, path or query', async () => {
    const created = await create(workspace, { url: 'https://user:pass@hooks.example.com:8443/in/t0ken-in-the-path?key=s3cret#x' });
    const viewed = await dispatcher.request<WebhookView>(RpcMethods.getWebhook, { scope: workspace, webhookId: created.id });
    expect(viewed).toEqual({ ...created, secret: null, url: 'https://hooks.example.com:8443' });
    const listed = await dispatcher.request<WebhookView[]>(RpcMethods.listWebhooks, { scope: workspace, showUrl: false });
    expect(listed.find((webhook) => webhook.id === created.id)?.url).toBe('https://hooks.example.com:8443');
    const whole = await dispatcher.request<WebhookView[]>(RpcMethods.listWebhooks, { scope: workspace, showUrl: true });
    expect(whole.find((webhook) => webhook.id === created.id)?.url).toBe(created.url);
  });

  it('stores the secret encrypted, never as given', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const created = await create(workspace, { url: 'https://hooks.example.com/secret', secret });
    expect(created.secret).toBe(secret);
    const row = await dispatcher.webhooks.db.selectFrom('webhooks').select('secret_ciphertext').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  });

  it('reports every invalid field at once', async () => {
    const error = await rejection(create(workspace, { url: 'mailto:someone@example.com', events: ['post.removed'], secret: 'secret', active: 1 }));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('Validation errors.');
    expect(error.errors).toEqual({
      url: [WebhookMessages.urlInvalid],
      'events.0': [WebhookMessages.eventsInvalid],
      secret: [WebhookMessages.secretInvalid],
      active: [WebhookMessages.activeNotBoolean],
    });
    expect((await rejection(create(workspace, {}))).errors).toEqual({ url: [WebhookMessages.urlRequired] });
  });

  it('keeps each scope to its own webhooks', async () => {
    const mine = await create(otherWorkspace, { url: 'https://other.example.com/' });
    const panel = await create(system, { url: 'https://panel.example.com/', events: ['post.failed'] });

    const listed = await dispatcher.request<WebhookView[]>(RpcMethods.listWebhooks, { scope: otherWorkspace });
    expect(listed.map((webhook) => webhook.id)).toEqual([mine.id]);
    expect((await dispatcher.request<WebhookView[]>(RpcMethods.listWebhooks, { scope: system })).map((webhook) => webhook.id)).toEqual([panel.id]);

    for (const method of [RpcMethods.getWebhook, RpcMethods.deleteWebhook]) {
      const error = await rejection(dispatcher.request(method, { scope: workspace, webhookId: mine.id }));
      expect([error.kind, error.message]).toEqual(['not_found', 'Webhook not found.']);
    }
    const update = await rejection(dispatcher.request(RpcMethods.updateWebhook, { scope: system, webhookId: mine.id, input: { active: false } }));
    expect(update.kind).toBe('not_found');
    expect((await rejection(dispatcher.request(RpcMethods.getWebhook, { scope: workspace, webhookId: 'abc' }))).kind).toBe('not_found');
    expect((await rejection(dispatcher.request(RpcMethods.listWebhooks, {}))).kind).toBe('bad_request');
  });

  it('holds a workspace, and the system, to 20 webhooks by default: one more is a validation error under url', async () => {
    const crowded = { workspaceUuid: '2f0c6a3e-3333-4a7b-8c9d-000000000003' };
    for (const [scope, message] of [[crowded, 'A workspace has at most 20 webhooks; delete one first.'], [system, 'There are at most 20 system webhooks; delete one first.']] as const) {
      const existing = await dispatcher.request<WebhookView[]>(RpcMethods.listWebhooks, { scope });
      for (let n = existing.length; n < 20; n++) await create(scope, { url: `https://crowded.example.com/${n}` });

      const refused = await rejection(create(scope, { url: 'https://crowded.example.com/one-more' }));

      expect([refused.kind, refused.message, refused.errors]).toEqual(['validation', 'Validation errors.', { url: [message] }]);
      const [first] = await dispatcher.request<WebhookView[]>(RpcMethods.listWebhooks, { scope });
      await dispatcher.request(RpcMethods.deleteWebhook, { scope, webhookId: first.id });
      expect(await create(scope, { url: 'https://crowded.example.com/after-a-delete' })).toMatchObject({ url: 'https://crowded.example.com/after-a-delete' });
    }
  });

  it('updates the fields named and deletes', async () => {
    const created = await create(workspace, { url: 'https://a.example.com/', events: ['post.published'] });
    const updated = await dispatcher.request<WebhookView>(RpcMethods.updateWebhook, {
      scope: workspace,
      webhookId: String(created.id),
      input: { active: false, events: [] },
    });
    expect(updated).toMatchObject({ id: created.id, url: 'https://a.example.com/', events: [...DEFAULT_WEBHOOK_EVENTS], secret: created.secret, active: false });

    const invalid = await rejection(dispatcher.request(RpcMethods.updateWebhook, { scope: workspace, webhookId: created.id, input: { url: 'nope' } }));
    expect(invalid.errors).toEqual({ url: [WebhookMessages.urlInvalid] });

    await dispatcher.request(RpcMethods.deleteWebhook, { scope: workspace, webhookId: created.id });
    expect((await rejection(dispatcher.request(RpcMethods.getWebhook, { scope: workspace, webhookId: created.id }))).kind).toBe('not_found');
  });
  it('answers every request/reply method the contract gives it, each from its handler', async () => {
    const methods = Object.values(RpcMethods).filter((method) => rpcServiceOf(method) === 'webhook-dispatcher');
    // A webhook that does not exist, and what the methods that name one need besides.
    const request = { scope: workspace, webhookId: 999_999, graceSeconds: 60, event: 'post.published', since: '2026-11-01T00:00:00Z', until: null, deliveryId: 'none' };
    const answers = await Promise.all(
      methods.map((method) =>
        dispatcher.request(method, request).then(
          () => 'answered',
          (error: unknown) => (error instanceof ServiceError ? error.kind : String(error)),
        ),
      ),
    );
    expect(Object.fromEntries(methods.map((method, index) => [method, answers[index]]))).toEqual({
      [RpcMethods.listWebhooks]: 'answered',
      [RpcMethods.getWebhook]: 'not_found',
      [RpcMethods.createWebhook]: 'validation',
      [RpcMethods.updateWebhook]: 'not_found',
      [RpcMethods.deleteWebhook]: 'not_found',
      [RpcMethods.rotateWebhookSecret]: 'not_found',
      [RpcMethods.testWebhook]: 'not_found',
      [RpcMethods.listDeliveries]: 'not_found',
      [RpcMethods.resendDelivery]: 'not_found',
      [RpcMethods.recoverDeliveries]: 'not_found',
      [RpcMethods.deliveryBacklog]: 'answered',
    });
  });
});

describe('webhook URLs that are not public', () => {
  let dispatcher: WebhookDispatcherHarness;

  beforeAll(async () => {
    dispatcher = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  });
  afterAll(async () => {
    await dispatcher?.stop();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.0.0.5/hook',
    'http://192.168.1.20/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[fe80::1]/hook',
    'http://[fd00::1]/hook',
    'http://2130706433/hook',
  ])('refuses %s under url', async (url) => {
    const error = await rejection(dispatcher.request(RpcMethods.createWebhook, { scope: workspace, input: { url } }));
    expect(error.kind).toBe('validation');
    expect(error.errors).toEqual({ url: [WebhookMessages.urlNotPublic] });
  });

  it('refuses a private URL on update too', async () => {
    const created = await dispatcher.request<WebhookView>(RpcMethods.createWebhook, { scope: workspace, input: { url: 'https://93.184.216.34/hook' } });
    const error = await rejection(dispatcher.request(RpcMethods.updateWebhook, { scope: workspace, webhookId: created.id, input: { url: 'http://127.0.0.1/' } }));
    expect(error.errors).toEqual({ url: [WebhookMessages.urlNotPublic] });
  });
});
