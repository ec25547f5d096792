import { randomUUID } from 'node:crypto';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { runPublishingRound } from './publishing-round';
import { inAnHour, original } from './sample-posts';

jest.setTimeout(30_000);

describe('gateway: posts (SQLite, over the post-service)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let accountId: number;
  let member: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Acme' } })).body.uuid;
    accountId = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Acme', username: 'acme' } })).body.id;
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'M', email: 'm@example.com' } })).body;
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.id, role: 'member' } });
    member = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token;
  });
  afterAll(() => gateway?.dispose());

  const path = (suffix = '') => `/api/${workspace}/posts${suffix}`;

  it('creates a draft: 201 Post, with the domain input the gateway built', async () => {
    const created = await gateway.call('POST', path(), { body: { versions: [{ is_original: true }], tags: ['a'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', tags: ['a'], accounts: [], scheduled_at: null, published_at: null });
    const request = gateway.services.callsOf('posts.create').at(-1) as Record<string, unknown>;
    expect(request).toEqual({
      workspaceUuid: workspace,
      postUuid: created.body.uuid,
      actor: { userId: 1, canApprove: true },
      input: {
        versions: [{ account_id: 0, is_original: true, content: [{ body: '', media: [] }], options: {} }],
        accounts: [],
        tags: ['a'],
        intent: { kind: 'draft' },
      },
    });
  });

  it('schedules with an approver: scheduled, accounts as snapshots of the registry', async () => {
    const scheduledAt = inAnHour();
    const created = await gateway.call('POST', path(), { body: { versions: [original], accounts: [accountId], schedule: true, scheduled_at: scheduledAt } });
    expect(created).toMatchObject({
      status: 201,
      body: { status: 'scheduled', scheduled_at: scheduledAt, accounts: [{ id: accountId, provider: 'sandbox', name: 'Acme', username: 'acme' }] },
    });
  });

  it('a member without can_approve asks for approval; only an approver may approve', async () => {
    const body = { versions: [original], accounts: [accountId], schedule: true, scheduled_at: inAnHour() };
    const created = await gateway.call('POST', path(), { token: member, body });
    expect(created).toMatchObject({ status: 201, body: { status: 'needs_approval' } });
    expect(gateway.services.callsOf('posts.create').at(-1)).toMatchObject({ actor: { canApprove: false } });

    expect(await gateway.call('POST', path(`/${created.body.uuid}/approve`), { token: member })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect(await gateway.call('POST', path(`/${created.body.uuid}/approve`))).toMatchObject({ status: 200, body: { status: 'scheduled' } });
    expect(await gateway.call('POST', path(`/${created.body.uuid}/approve`))).toMatchObject({
      status: 400,
      body: { message: 'The post is not awaiting approval.' },
    });
  });

  it('422 with every failing field at once, accounts of other workspaces and deleted ones invalid', async () => {
    const other = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Other' } })).body.uuid;
    const foreign = (await gateway.call('POST', `/api/${other}/accounts`, { body: { provider: 'sandbox', name: 'F' } })).body.id;
    const gone = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'G' } })).body.id;
    await gateway.call('DELETE', `/api/${workspace}/accounts/${gone}`);
    const before = gateway.services.callsOf('posts.create').length;

    const answer = await gateway.call('POST', path(), {
      body: { versions: [{ is_original: false }], accounts: [accountId, foreign, gone], date: '2026-02-30', time: '25:00', schedule: true },
    });
    expect(answer).toEqual(
      expect.objectContaining({
        status: 422,
        body: {
          message: 'Validation errors.',
          errors: {
            versions: ['At least one version with is_original: true is required.'],
            'versions.0.is_original': ['The is_original field must be true for the first version.'],
            'versions.0.content': ['The content field must have a body or media.'],
            'accounts.1': ['The selected account is invalid.'],
            'accounts.2': ['The selected account is invalid.'],
            date: ['The date does not match the format Y-m-d.'],
            time: ['The time does not match the format H:i.'],
          },
        },
      }),
    );
    expect(gateway.services.callsOf('posts.create')).toHaveLength(before);
  });

  it('gets, updates and deletes a post; 404 Post not found after, and for a malformed or unknown uuid', async () => {
    const created = (await gateway.call('POST', path(), { body: { versions: [original] } })).body;
    expect(await gateway.call('GET', path(`/${created.uuid}`))).toMatchObject({ status: 200, body: { uuid: created.uuid } });
    const updated = await gateway.call('PUT', path(`/${created.uuid.toUpperCase()}`), { body: { versions: [original], tags: ['edited'] } });
    expect(updated).toMatchObject({ status: 200, body: { uuid: created.uuid, tags: ['edited'] } });
    expect((await gateway.call('PUT', path(`/${created.uuid}`), { body: {} })).body.errors).toEqual({ versions: ['The versions field is required.'] });

    expect(await gateway.call('DELETE', path(`/${created.uuid}`))).toMatchObject({ status: 204, body: null });
    for (const uuid of [created.uuid, 'not-a-uuid', '00000000-0000-4000-8000-000000000009']) {
      expect(await gateway.call('GET', path(`/${uuid}`))).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
    }
    expect(await gateway.call('DELETE', path(`/${created.uuid}`))).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
  });

  it('a published post cannot be updated nor deleted: 400', async () => {
    const created = (await gateway.call('POST', path(), { body: { versions: [original], accounts: [accountId], schedule_now: true } })).body;
    await runPublishingRound(gateway, created.uuid, [{ accountId, outcome: 'published' }]);
    const history = await gateway.call('GET', path(`/${created.uuid}/history`));
    expect(history.status).toBe(200);
    expect(history.body.data.map((step: { type: string }) => step.type)).toEqual([
      'post.created',
      'post.scheduled',
      'post.publishing_started',
      'post.account_published',
      'post.published',
    ]);
    expect(await gateway.call('GET', path(`/${randomUUID()}/history`))).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
    const message = 'A published post cannot be edited or deleted. Create a new post instead.';
    expect(await gateway.call('PUT', path(`/${created.uuid}`), { body: { versions: [original] } })).toMatchObject({ status: 400, body: { message } });
    expect(await gateway.call('DELETE', path(`/${created.uuid}`))).toMatchObject({ status: 400, body: { message } });
  });

  it('lists posts with status, page and limit; bad values are 422', async () => {
    const page = await gateway.call('GET', path('?status=draft&page=1&limit=1'));
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, limit: 1, total: expect.any(Number) });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].status).toBe('draft');
    const all = await gateway.call('GET', path());
    expect(all.body.meta).toEqual({ page: 1, limit: 20, total: expect.any(Number) });
    const times = all.body.data.map((post: { created_at: string }) => post.created_at);
    expect(times).toEqual([...times].sort().reverse());

    expect(await gateway.call('GET', path('?status=lost&page=0&limit=500'))).toMatchObject({
      status: 422,
      body: {
        message: 'Validation errors.',
        errors: {
          status: ['The selected status is invalid. Use draft, needs_approval, scheduled, publishing, published or failed.'],
          page: ['The page field must be at least 1.'],
          limit: ['The limit field must not be greater than 100.'],
        },
      },
    });
    for (const [query, errors] of [
      ['?page=two&limit=1.5', { page: ['The page field must be an integer.'], limit: ['The limit field must be an integer.'] }],
      ['?page=-1&limit=0', { page: ['The page field must be an integer.'], limit: ['The limit field must be at least 1.'] }],
      ['?limit=10&limit=20', { limit: ['The limit field must be an integer.'] }],
    ] as const) {
      expect(await gateway.call('GET', path(query))).toMatchObject({ status: 422, body: { errors } });
    }
    expect(await gateway.call('GET', path('?status=&page=&limit=&unknown=1'))).toMatchObject({ status: 200, body: { meta: { page: 1, limit: 20 } } });
  });

  it('reads come from the read model the gateway keeps from post-events: no request to the post-service, even when it is down', async () => {
    const created = (await gateway.call('POST', path(), { body: { versions: [original] } })).body;
    const before = gateway.services.calls.length;
    gateway.services.postServiceDown = true;
    try {
      expect(await gateway.call('GET', path(`/${created.uuid}`))).toMatchObject({ status: 200, body: created });
      expect((await gateway.call('GET', path())).body.data.map((post: { uuid: string }) => post.uuid)).toContain(created.uuid);
      expect(gateway.services.calls.length).toBe(before);
      expect(await gateway.call('PUT', path(`/${created.uuid}`), { body: { versions: [original] } })).toMatchObject({
        status: 503,
        body: { message: 'The service is not available.' },
      });
    } finally {
      gateway.services.postServiceDown = false;
    }
  });
});
