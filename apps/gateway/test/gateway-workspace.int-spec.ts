import { WEBHOOK_EVENTS } from '@app/contracts';
import { BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** A webhook event the catalogue does not have, refused with every event named. */
const WEBHOOK_EVENT_INVALID = `The selected event is invalid. Use ${WEBHOOK_EVENTS.slice(0, -1).join(', ')} or ${WEBHOOK_EVENTS.at(-1)}.`;

jest.setTimeout(30_000);

const NOT_FOUND = { message: 'Workspace not found.' };

describe('gateway: workspace access and accounts (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let viewer: string;
  let member: string;
  let outsider: string;

  const userWithToken = async (email: string) => {
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: email, email } })).body;
    const token = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token as string;
    return { id: user.id as number, token };
  };

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Acme' } })).body.uuid;
    const viewerUser = await userWithToken('viewer@example.com');
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: viewerUser.id, role: 'viewer' } });
    viewer = viewerUser.token;
    const memberUser = await userWithToken('member@example.com');
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: memberUser.id, role: 'member', can_approve: true } });
    member = memberUser.token;
    outsider = (await userWithToken('outsider@example.com')).token;
  });
  afterAll(() => gateway?.dispose());

  it.each([
    ['a malformed uuid', () => 'not-a-uuid', () => BOOTSTRAP_ADMIN_TOKEN],
    ['a workspace that does not exist', () => '00000000-0000-4000-8000-000000000000', () => BOOTSTRAP_ADMIN_TOKEN],
    ['a workspace the caller is not a member of', () => workspace, () => outsider],
  ])('404 Workspace not found for %s, on reads and writes', async (_, uuid, token) => {
    for (const [method, path] of [
      ['GET', 'accounts'],
      ['POST', 'accounts'],
      ['DELETE', 'accounts/1'],
      ['GET', 'posts'],
      ['POST', 'posts'],
      ['GET', 'posts/00000000-0000-4000-8000-000000000001'],
      ['GET', 'webhooks'],
    ]) {
      const answer = await gateway.call(method, `/api/${uuid()}/${path}`, { token: token(), body: method === 'GET' ? undefined : {} });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 404, body: NOT_FOUND });
    }
  });

  it('a panel admin who is not a member is told how to become one (403), not that the workspace does not exist', async () => {
    const admin = (await gateway.call('POST', '/api/panel/users', { body: { name: 'A2', email: 'a2@example.com', is_admin: true } })).body;
    const token = (await gateway.call('POST', `/api/panel/users/${admin.id}/tokens`, { body: { name: 't' } })).body.token;
    expect(await gateway.call('GET', `/api/${workspace}/accounts`, { token })).toMatchObject({
      status: 403,
      body: { message: `You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/${workspace}/members.` },
    });
  });

  it('connects an account through the publisher first; credentials never reach the gateway', async () => {
    const before = gateway.services.callsOf('publisher.accounts.connect').length;
    const body = { provider: 'sandbox', name: 'Acme', username: 'acme', settings: { outcome: 'success' }, credentials: { key: 'top-secret' } };
    const created = await gateway.call('POST', `/api/${workspace}/accounts`, { body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      provider: 'sandbox',
      name: 'Acme',
      username: 'acme',
      authorized: true,
      avatar_url: null,
      token_expires_at: null,
      created_at: expect.stringMatching(/Z$/),
      limits: null,
      options: {},
    });
    expect(gateway.services.callsOf('publisher.accounts.connect').slice(before)).toEqual([
      { accountId: created.body.id, workspaceUuid: workspace, provider: 'sandbox', settings: { outcome: 'success' }, credentials: { key: 'top-secret' }, deadline: expect.any(Number) },
    ]);
    const stored = JSON.stringify(await gateway.tables.db.selectFrom('accounts').selectAll().execute());
    expect(stored).not.toContain('top-secret');
    expect(await gateway.call('GET', `/api/${workspace}/accounts`)).toEqual(expect.objectContaining({ status: 200, body: { data: [created.body] } }));
  });

  it('names the account as the provider reports it when the body does not', async () => {
    const created = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox' } });
    expect(created).toMatchObject({ status: 201, body: { name: 'Reported Name', username: 'reported_handle' } });
    const named = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Mine' } });
    expect(named).toMatchObject({ status: 201, body: { name: 'Mine', username: 'reported_handle' } });
  });

  it('an unknown provider is the publisher\'s 422, and no account is stored', async () => {
    const count = (await gateway.call('GET', `/api/${workspace}/accounts`)).body.data.length;
    const answer = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'myspace', name: 'x' } });
    expect(answer).toMatchObject({ status: 422, body: { message: 'Validation errors.', errors: { provider: ['The selected provider is invalid.'] } } });
    expect((await gateway.call('GET', `/api/${workspace}/accounts`)).body.data).toHaveLength(count);
  });

  it('a connect the publisher did not answer in time leaves no account: the request said when the gateway stops waiting, and the publisher is asked to forget it', async () => {
    const listed = async () => (await gateway.call('GET', `/api/${workspace}/accounts`)).body.data.map((account: { id: number }) => account.id);
    const before = await listed();
    gateway.services.connectTimesOut = true;
    const sentAt = Date.now();
    try {
      expect(await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Too slow' } })).toMatchObject({ status: 503 });
    } finally {
      gateway.services.connectTimesOut = false;
    }

    const [request] = gateway.services.callsOf('publisher.accounts.connect').slice(-1) as Array<{ accountId: number; deadline: number }>;
    expect(request.deadline).toBeGreaterThanOrEqual(sentAt + 10_000);
    expect(request.deadline).toBeLessThanOrEqual(Date.now() + 10_000);
    expect(gateway.services.callsOf('publisher.accounts.disconnect')).toContainEqual({ accountId: request.accountId, workspaceUuid: workspace });
    expect(await listed()).toEqual(before);
    expect(await gateway.call('DELETE', `/api/${workspace}/accounts/${request.accountId}`)).toMatchObject({ status: 404 });

    const later = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'In time' } });
    expect(later).toMatchObject({ status: 201, body: { name: 'In time', authorized: true } });
    expect(await listed()).toEqual([...before, later.body.id]);
  });

  it('checks the account body before calling anyone', async () => {
    const before = gateway.services.calls.length;
    const answer = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 3, name: 7, settings: 'x', credentials: [1] } });
    expect(answer.body).toEqual({
      message: 'Validation errors.',
      errors: {
        provider: ['The provider field must be a string.'],
        name: ['The name field must be a string.'],
        settings: ['The settings field must be an object.'],
        credentials: ['The credentials field must be an object.'],
      },
    });
    expect(gateway.services.calls.length).toBe(before);
  });

  it('deletes an account: 204, disconnect sent, then 404 for it', async () => {
    const account = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Temp' } })).body;
    expect(await gateway.call('DELETE', `/api/${workspace}/accounts/${account.id}`)).toMatchObject({ status: 204, body: null });
    expect(gateway.services.callsOf('publisher.accounts.disconnect')).toContainEqual({ accountId: account.id, workspaceUuid: workspace });
    expect((await gateway.call('GET', `/api/${workspace}/accounts`)).body.data.map((a: { id: number }) => a.id)).not.toContain(account.id);
    expect(await gateway.call('DELETE', `/api/${workspace}/accounts/${account.id}`)).toMatchObject({ status: 404, body: { message: 'Account not found.' } });
    expect((await gateway.call('DELETE', `/api/${workspace}/accounts/abc`)).status).toBe(404);
  });

  it('viewers read, and get 403 on every write', async () => {
    expect((await gateway.call('GET', `/api/${workspace}/accounts`, { token: viewer })).status).toBe(200);
    expect((await gateway.call('GET', `/api/${workspace}/posts`, { token: viewer })).status).toBe(200);
    for (const [method, path] of [
      ['POST', 'accounts'],
      ['DELETE', 'accounts/1'],
      ['POST', 'posts'],
      ['PUT', 'posts/00000000-0000-4000-8000-000000000001'],
      ['DELETE', 'posts/00000000-0000-4000-8000-000000000001'],
      ['POST', 'posts/00000000-0000-4000-8000-000000000001/approve'],
      ['POST', 'webhooks'],
    ]) {
      const answer = await gateway.call(method, `/api/${workspace}/${path}`, { token: viewer, body: {} });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 403, body: { message: 'This action is unauthorized.' } });
    }
  });

  it('workspace webhooks go to the webhook-dispatcher with the workspace scope', async () => {
    expect(await gateway.call('POST', `/api/${workspace}/webhooks`, { body: { url: 'https://example.com/w' } })).toMatchObject({ status: 201 });
    expect(gateway.services.callsOf('webhooks.create').at(-1)).toEqual({ scope: { workspaceUuid: workspace }, input: { url: 'https://example.com/w' } });
    expect(await gateway.call('POST', `/api/${workspace}/webhooks/2/deliveries/abc/resend`)).toMatchObject({ status: 202 });
    expect(gateway.services.callsOf('webhooks.deliveries.resend').at(-1)).toEqual({ scope: { workspaceUuid: workspace }, webhookId: 2, deliveryId: 'abc' });
  });

  it.each([
    ['a member', () => member],
    ['a viewer', () => viewer],
  ])('only workspace admins manage webhooks: %s gets 403 and nothing reaches the webhook-dispatcher', async (_, token) => {
    const before = gateway.services.calls.length;
    for (const [method, path] of WEBHOOK_WRITES) {
      const answer = await gateway.call(method, `/api/${workspace}/${path}`, { token: token(), body: {} });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 403, body: { message: 'This action is unauthorized.' } });
    }
    expect(gateway.services.calls.length).toBe(before);
  });

  it('checks the bodies of rotate-secret, test and recover, and the log filters, with the contract\'s 422', async () => {
    const refusals: Array<[string, string, unknown, Record<string, string[]>]> = [
      ['POST', 'webhooks/1/rotate-secret', { grace_seconds: 604_801 }, { grace_seconds: ['The grace_seconds field must be between 0 and 604800.'] }],
      ['POST', 'webhooks/1/rotate-secret', { grace_seconds: -1 }, { grace_seconds: ['The grace_seconds field must be between 0 and 604800.'] }],
      ['POST', 'webhooks/1/rotate-secret', { grace_seconds: 1.5 }, { grace_seconds: ['The grace_seconds field must be an integer.'] }],
      ['POST', 'webhooks/1/test', {}, { event: ['The event field is required.'] }],
      ['POST', 'webhooks/1/test', { event: 'post.removed' }, { event: [WEBHOOK_EVENT_INVALID] }],
      ['POST', 'webhooks/1/recover', { until: 'yesterday' }, { since: ['The since field is required.'], until: ['The until field must be a valid date.'] }],
      ['POST', 'webhooks/1/recover', { since: '2026-11-22T10:00:00Z', until: '2026-11-21T10:00:00Z' }, { until: ['The until field must be a date after or equal to since.'] }],
      ['GET', 'webhooks/1/deliveries?status=lost&event=post.removed&since=x&post_uuid=42&limit=0', undefined, {
        limit: ['The limit field must be an integer.'],
        status: ['The selected status is invalid. Use pending, succeeded or failed.'],
        event: [WEBHOOK_EVENT_INVALID],
        since: ['The since field must be a valid date.'],
        post_uuid: ['The post_uuid field must be a valid UUID.'],
      }],
    ];
    for (const [method, path, body, errors] of refusals) {
      const answer = await gateway.call(method, `/api/${workspace}/${path}`, { body });
      expect({ path, body, answer: answer.body }).toEqual({ path, body, answer: { message: 'Validation errors.', errors } });
    }
  });

  it('relays rotate-secret (default grace 86400), test, recover and the log filters to the webhook-dispatcher', async () => {
    await gateway.call('POST', `/api/${workspace}/webhooks/4/rotate-secret`);
    expect(gateway.services.callsOf('webhooks.rotate-secret').at(-1)).toEqual({ scope: { workspaceUuid: workspace }, webhookId: 4, graceSeconds: 86_400 });
    await gateway.call('POST', `/api/${workspace}/webhooks/4/test`, { body: { event: 'post.failed' } });
    expect(gateway.services.callsOf('webhooks.test').at(-1)).toEqual({ scope: { workspaceUuid: workspace }, webhookId: 4, event: 'post.failed' });
    await gateway.call('POST', `/api/${workspace}/webhooks/4/recover`, { body: { since: '2026-11-22T10:00:00+01:00', dry_run: true } });
    expect(gateway.services.callsOf('webhooks.deliveries.recover').at(-1)).toEqual({
      scope: { workspaceUuid: workspace },
      webhookId: 4,
      since: '2026-11-22T09:00:00.000Z',
      until: null,
      dryRun: true,
    });
    const uuid = '2F0C6A3E-1111-4A7B-8C9D-000000000001';
    await gateway.call('GET', `/api/${workspace}/webhooks/4/deliveries?status=failed&event=post.published&until=2026-11-23T00:00:00Z&post_uuid=${uuid}`);
    expect(gateway.services.callsOf('webhooks.deliveries.list').at(-1)).toEqual({
      scope: { workspaceUuid: workspace },
      webhookId: 4,
      status: 'failed',
      event: 'post.published',
      until: '2026-11-23T00:00:00.000Z',
      postUuid: uuid.toLowerCase(),
    });
  });

  it('members and viewers read webhooks without the secret, viewers without the whole URL; admins ask for both', async () => {
    for (const [token, showSecret, showUrl] of [[member, false, true], [viewer, false, false], [BOOTSTRAP_ADMIN_TOKEN, true, true]] as const) {
      expect((await gateway.call('GET', `/api/${workspace}/webhooks`, { token })).status).toBe(200);
      expect(gateway.services.callsOf('webhooks.list').at(-1)).toEqual({ scope: { workspaceUuid: workspace }, showSecret, showUrl });
      expect((await gateway.call('GET', `/api/${workspace}/webhooks/3`, { token })).status).toBe(200);
      expect(gateway.services.callsOf('webhooks.get').at(-1)).toEqual({ scope: { workspaceUuid: workspace }, webhookId: 3, showSecret, showUrl });
    }
  });

  it('tells callers their own role: GET /{ws}/membership, and GET /me with every workspace they belong to', async () => {
    expect(await gateway.call('GET', `/api/${workspace}/membership`, { token: viewer })).toMatchObject({ status: 200, body: { workspace_uuid: workspace, role: 'viewer', can_approve: false } });
    expect((await gateway.call('GET', `/api/${workspace}/membership`, { token: member })).body).toEqual({ workspace_uuid: workspace, role: 'member', can_approve: true });
    expect((await gateway.call('GET', `/api/${workspace}/membership`, { token: outsider })).status).toBe(404);

    const me = await gateway.call('GET', '/api/me', { token: member });
    expect(me).toMatchObject({ status: 200, body: { is_admin: false, workspaces: [{ uuid: workspace, name: 'Acme', role: 'member', can_approve: true }] } });
    expect((await gateway.call('GET', '/api/me', { token: outsider })).body.workspaces).toEqual([]);
    expect((await gateway.call('GET', '/api/me', { token: null })).status).toBe(401);
  });
});

/** Every route that changes a workspace's webhooks or sends to them. */
const WEBHOOK_WRITES = [
  ['POST', 'webhooks'],
  ['PUT', 'webhooks/1'],
  ['DELETE', 'webhooks/1'],
  ['POST', 'webhooks/1/deliveries/abc/resend'],
  ['POST', 'webhooks/1/rotate-secret'],
  ['POST', 'webhooks/1/test'],
  ['POST', 'webhooks/1/recover'],
];

describe('gateway: the HTTP surface (SQLite)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp()));
  afterAll(() => gateway?.dispose());

  it('health answers outside /api without a token', async () => {
    expect(await gateway.call('GET', '/health/live', { token: null })).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await gateway.call('GET', '/health/ready', { token: null })).toMatchObject({ status: 200, body: { status: 'ok', info: { database: { status: 'up' } } } });
  });

  it('serves the OpenAPI document', async () => {
    const answer = await gateway.call('GET', '/api/docs-json', { token: null });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.paths)).toEqual(expect.arrayContaining(['/api/panel/workspaces', '/api/{workspaceUuid}/posts', '/health/ready']));
    expect((await fetch(`${gateway.url}/api/docs`)).status).toBe(200);
  });

  it.each([
    ['text', 'hello', 'text/plain'],
    ['broken JSON', '{"name": ', 'application/json'],
    ['a form', 'name=Acme', 'application/x-www-form-urlencoded'],
  ])('400 for a body that is not JSON (%s)', async (_, rawBody, type) => {
    const answer = await gateway.call('POST', '/api/panel/workspaces', { rawBody, headers: { 'content-type': type } });
    expect(answer).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });

  it('413 for a body over 1 MB, and the server keeps serving', async () => {
    const rawBody = JSON.stringify({ name: 'x'.repeat(1_100_000) });
    const answer = await gateway.call('POST', '/api/panel/workspaces', { rawBody, headers: { 'content-type': 'application/json' } });
    expect(answer).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } });
    expect((await gateway.call('GET', '/api/panel/workspaces')).status).toBe(200);
  });

  it('a JSON value that is not an object has no fields: 422', async () => {
    const answer = await gateway.call('POST', '/api/panel/workspaces', { rawBody: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(answer).toMatchObject({ status: 422, body: { errors: { name: ['The name field is required.'] } } });
  });

  it('404 with a message for a route that does not exist', async () => {
    const answer = await gateway.call('GET', '/api/panel/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });
});
