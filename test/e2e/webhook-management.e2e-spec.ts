import { Webhook } from 'standardwebhooks';
import { createHmac } from 'node:crypto';
import { ApiClient, createdBody } from './support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, Member, within } from './support/fixtures';
import { RunningService, startService } from './support/service-process';
import { answer, ReceivedWebhook, WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';

jest.setTimeout(120_000);

const UNAUTHORIZED = { message: 'This action is unauthorized.' };
/** Failing for this long disables a webhook here: 2 seconds. */
const DISABLE_AFTER_HOURS = 2 / 3600;

/** Each `v1,` signature of the header that this secret makes (Standard Webhooks, by hand). */
function signedWith(received: ReceivedWebhook, secret: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const content = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`;
  const expected = `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
  return String(received.headers['webhook-signature']).split(' ').includes(expected);
}

const verify = (received: ReceivedWebhook, secret: string) =>
  new Webhook(secret).verify(received.body, Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)])));

/** Webhook roles, secrets, rotation, test events, the delivery log's filters, recovery and disabling, over HTTP against the built service. */
describe('webhook management (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let account: number;
  let member: Member;
  let viewer: Member;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_MAX_RETRIES: '0', WEBHOOK_DISABLE_AFTER_HOURS: String(DISABLE_AFTER_HOURS) },
    });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Hooks');
    account = await connectSandbox(admin, workspace);
    member = await createUser(admin, 'hook-member@example.com');
    await addMember(admin, workspace, member.id, 'member', true);
    viewer = await createUser(admin, 'hook-viewer@example.com');
    await addMember(admin, workspace, viewer.id, 'viewer');
  });
  afterAll(async () => {
    await service?.dispose();
    await receiver?.close();
  });

  const hookPath = (id: number, rest = '') => `/api/${workspace}/webhooks/${id}${rest}`;
  const create = async (url: string, events?: string[]) => createdBody(await admin.post(`/api/${workspace}/webhooks`, { url, events }), 'creating webhook');
  const publishNow = async () => createdBody(await admin.post(`/api/${workspace}/posts`, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hook', media: [] }], options: {} }], accounts: [account], schedule_now: true }), 'publishing').uuid as string;
  const deliveryOf = (webhookId: number, postUuid: string, status: string) =>
    eventually(async () => (await admin.get(hookPath(webhookId, `/deliveries?post_uuid=${postUuid}&status=${status}&event=post.published`))).body.data[0], `a ${status} delivery of ${postUuid}`, within(30_000));

  it('only workspace admins manage webhooks; members and viewers read them with secret null', async () => {
    const hook = await create(receiver.url('/roles'));
    expect(hook.secret).toMatch(/^whsec_/);
    for (const { api } of [member, viewer]) {
      const listed = await api.get(`/api/${workspace}/webhooks`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.find((one: { id: number }) => one.id === hook.id)).toMatchObject({ id: hook.id, secret: null });
      expect((await api.get(hookPath(hook.id))).body).toMatchObject({ id: hook.id, secret: null });
      for (const [method, path, body] of [
        ['POST', `/api/${workspace}/webhooks`, { url: receiver.url() }],
        ['PUT', hookPath(hook.id), { active: false }],
        ['DELETE', hookPath(hook.id), undefined],
        ['POST', hookPath(hook.id, '/rotate-secret'), {}],
        ['POST', hookPath(hook.id, '/test'), { event: 'post.published' }],
        ['POST', hookPath(hook.id, '/recover'), { since: '2026-01-01T00:00:00Z' }],
        ['POST', hookPath(hook.id, '/deliveries/00000000-0000-4000-8000-000000000000/resend'), undefined],
      ] as const) {
        const refused = await api.call(method, path, { body });
        expect({ method, path, status: refused.status, body: refused.body }).toEqual({ method, path, status: 403, body: UNAUTHORIZED });
      }
    }
    expect((await admin.get(hookPath(hook.id))).body.secret).toBe(hook.secret);
    await admin.delete(hookPath(hook.id));
  });

  it('viewers read a webhook\'s URL as its origin only (a path or query may hold credentials); members and admins read it whole', async () => {
    const url = receiver.url('/hooks/t0ken-in-the-path?key=s3cret');
    const origin = new URL(url).origin;
    const hook = await create(url);
    const listedTo = async (api: ApiClient) => (await api.get(`/api/${workspace}/webhooks`)).body.data.find((one: { id: number }) => one.id === hook.id).url;
    expect(await listedTo(viewer.api)).toBe(origin);
    expect((await viewer.api.get(hookPath(hook.id))).body.url).toBe(origin);
    for (const api of [member.api, admin]) {
      expect(await listedTo(api)).toBe(url);
      expect((await api.get(hookPath(hook.id))).body.url).toBe(url);
    }
    await admin.delete(hookPath(hook.id));
  });

  it('a test event: a signed sample envelope with X-Service-Test: true, answered with the attempt', async () => {
    const testing = await WebhookReceiver.start(() => ({ status: 202 }));
    const hook = await create(testing.url('/test'), ['post.published']);
    const answered = await admin.post(hookPath(hook.id, '/test'), { event: 'post.failed' });
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      succeeded: true,
      status_code: 202,
      duration_ms: expect.any(Number),
      error: null,
      error_kind: null,
      response: 'answered 202',
    });
    const [sent] = testing.received;
    expect(sent.headers['x-service-test']).toBe('true');
    expect(sent.headers['webhook-id']).toBe(answered.body.id);
    expect(verify(sent, hook.secret)).toMatchObject({ event: 'post.failed', workspace_uuid: workspace, post: { status: 'failed' } });
    // Not a delivery: the log stays empty.
    expect((await admin.get(hookPath(hook.id, '/deliveries'))).body.data).toEqual([]);
    await testing.close();
    const unreachable = await admin.post(hookPath(hook.id, '/test'), { event: 'post.published' });
    expect(unreachable.body).toMatchObject({ succeeded: false, status_code: null, error_kind: 'connection', error: expect.any(String) });
    await admin.delete(hookPath(hook.id));
  });

  it('rotates the secret: until the grace period ends every delivery carries both signatures', async () => {
    const hook = await create(receiver.url('/rotation'), ['post.published']);
    expect(await admin.post(hookPath(hook.id, '/rotate-secret'), { grace_seconds: 604_801 })).toMatchObject({ status: 422 });
    const rotated = await admin.post(hookPath(hook.id, '/rotate-secret'), { grace_seconds: 3600 });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(3_500_000);

    const postUuid = await publishNow();
    const delivered = await receiver.waitFor((all) => all.find((one) => one.path === '/rotation' && one.envelope?.post?.uuid === postUuid), 30_000, 'the delivery after rotation');
    expect(String(delivered.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(delivered.headers['x-service-signature']).toBe(delivered.headers['webhook-signature']);
    expect(signedWith(delivered, rotated.body.secret)).toBe(true);
    expect(signedWith(delivered, hook.secret)).toBe(true);
    expect(verify(delivered, rotated.body.secret)).toMatchObject({ event: 'post.published' });
    expect(verify(delivered, hook.secret)).toMatchObject({ event: 'post.published' });

    const again = await admin.post(hookPath(hook.id, '/rotate-secret'), { grace_seconds: 0 });
    expect(again.body.previous_secret_expires_at).toBeNull();
    const tested = await admin.post(hookPath(hook.id, '/test'), { event: 'post.published' });
    const sent = receiver.received.find((one) => one.deliveryId === tested.body.id)!;
    expect(String(sent.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(signedWith(sent, again.body.secret)).toBe(true);
    await admin.delete(hookPath(hook.id));
  });

  it('the delivery log filters; failed deliveries of a window are counted, then recovered', async () => {
    const failing = await WebhookReceiver.start(answer(500));
    const hook = await create(failing.url('/recover'), ['post.published']);
    const since = new Date(Date.now() - 1000).toISOString();
    const posts = [await publishNow(), await publishNow()];
    for (const postUuid of posts) await deliveryOf(hook.id, postUuid, 'failed');
    const [first] = (await admin.get(hookPath(hook.id, `/deliveries?post_uuid=${posts[0]}`))).body.data;
    expect(first.attempts).toEqual([expect.objectContaining({ status_code: 500, error_kind: 'http_status', response: 'answered 500', next_retry_at: null })]);
    expect((await admin.get(hookPath(hook.id, '/deliveries?status=succeeded'))).body.data).toEqual([]);
    expect((await admin.get(hookPath(hook.id, `/deliveries?until=${since}`))).body.data).toEqual([]);
    expect((await admin.get(hookPath(hook.id, '/deliveries?status=nope'))).status).toBe(422);

    expect(await admin.post(hookPath(hook.id, '/recover'), { since, dry_run: true })).toMatchObject({ status: 200, body: { count: 2 } });
    failing.respondWith(answer(200));
    expect(await admin.post(hookPath(hook.id, '/recover'), { since })).toMatchObject({ status: 200, body: { count: 2 } });
    for (const postUuid of posts) await deliveryOf(hook.id, postUuid, 'succeeded');
    const listed = (await admin.get(`/api/${workspace}/webhooks`)).body.data.find((one: { id: number }) => one.id === hook.id);
    expect(listed).toMatchObject({ last_delivery_status: 'succeeded', last_delivery_at: expect.stringMatching(/Z$/), success_rate_24h: 0.5 });
    await failing.close();
    await admin.delete(hookPath(hook.id));
  });

  it('a receiver answering 410 Gone disables the webhook at once; the webhook tells when and why', async () => {
    const gone = await WebhookReceiver.start(answer(410));
    const hook = await create(gone.url('/gone'), ['post.published']);
    const postUuid = await publishNow();
    await deliveryOf(hook.id, postUuid, 'failed');
    const disabled = await eventually(async () => {
      const view = (await admin.get(hookPath(hook.id))).body;
      return view.active === false && view;
    }, 'the webhook disabled', within(10_000));
    expect(disabled).toMatchObject({ disabled_at: expect.stringMatching(/Z$/), disabled_reason: 'The endpoint answered 410 Gone.' });
    expect(service.output()).toMatch(new RegExp(`webhook\\.disabled: webhook ${hook.id} of workspace ${workspace} set inactive\\. The endpoint answered 410 Gone\\.`));
    expect(gone.received).toHaveLength(1);

    const active = await admin.put(hookPath(hook.id), { active: true });
    expect(active.body).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });
    await gone.close();
    await admin.delete(hookPath(hook.id));
  });

  it(`a webhook whose attempts all failed for WEBHOOK_DISABLE_AFTER_HOURS is set inactive`, async () => {
    const failing = await WebhookReceiver.start(answer(503));
    const hook = await create(failing.url('/failing'), ['post.published']);
    await deliveryOf(hook.id, await publishNow(), 'failed');
    expect((await admin.get(hookPath(hook.id))).body.active).toBe(true);
    await new Promise((done) => setTimeout(done, DISABLE_AFTER_HOURS * 3_600_000 + 200));
    await deliveryOf(hook.id, await publishNow(), 'failed');
    const disabled = await eventually(async () => {
      const view = (await admin.get(hookPath(hook.id))).body;
      return view.active === false && view;
    }, 'the webhook disabled', within(10_000));
    expect(disabled.disabled_reason).toMatch(/^Every delivery attempt failed for /);
    expect(service.output()).toMatch(new RegExp(`webhook\\.disabled: webhook ${hook.id} of workspace ${workspace}`));
    await failing.close();
  });

  it('panel webhooks: rotate-secret, test, recover and the filtered log', async () => {
    const panelHook = createdBody(await admin.post('/api/panel/webhooks', { url: receiver.url('/panel'), events: ['post.published'] }), 'panel webhook');
    const rotated = await admin.post(`/api/panel/webhooks/${panelHook.id}/rotate-secret`, {});
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(86_000_000);
    const tested = await admin.post(`/api/panel/webhooks/${panelHook.id}/test`, { event: 'post.scheduled' });
    expect(tested.body).toMatchObject({ succeeded: true, status_code: 200 });
    const sent = receiver.received.find((one) => one.deliveryId === tested.body.id)!;
    expect(signedWith(sent, rotated.body.secret) && signedWith(sent, panelHook.secret)).toBe(true);
    expect(await admin.post(`/api/panel/webhooks/${panelHook.id}/recover`, { since: new Date().toISOString(), dry_run: true })).toMatchObject({ status: 200, body: { count: 0 } });
    expect((await admin.get(`/api/panel/webhooks/${panelHook.id}/deliveries?status=failed`)).status).toBe(200);
    await admin.delete(`/api/panel/webhooks/${panelHook.id}`);
  });

  it('a workspace has at most 20 webhooks, even when creates arrive at once: one more is a 422 under url', async () => {
    const crowded = await approverWorkspace(admin, 'Crowded');
    const answers = await Promise.all(Array.from({ length: 22 }, (_, n) => admin.post(`/api/${crowded}/webhooks`, { url: receiver.url(`/crowded/${n}`) })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(20).fill(201), 422, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body).toEqual({ message: 'Validation errors.', errors: { url: ['A workspace has at most 20 webhooks; delete one first.'] } });
    expect((await admin.get(`/api/${crowded}/webhooks`)).body.data).toHaveLength(20);
  });
});
