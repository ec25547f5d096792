import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('gateway: panel endpoints (SQLite)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp()));
  afterAll(() => gateway?.dispose());

  it('creates workspaces, with their creator as admin member, and lists them', async () => {
    const created = await gateway.call('POST', '/api/panel/workspaces', { body: { name: ' Acme ' } });
    expect(created.status).toBe(201);
    const { membership, ...workspace } = created.body;
    expect(workspace).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Acme', created_at: expect.stringMatching(ISO_UTC) });
    expect(membership).toEqual({ workspace_uuid: workspace.uuid, role: 'admin', can_approve: true });
    const listed = await gateway.call('GET', '/api/panel/workspaces');
    expect(listed).toMatchObject({ status: 200, body: { data: [workspace] } });
  });

  it.each([
    [{}, { name: ['The name field is required.'] }],
    [{ name: '' }, { name: ['The name field is required.'] }],
    [{ name: 42 }, { name: ['The name field must be a string.'] }],
    [{ name: 'x'.repeat(256) }, { name: ['The name field must not be greater than 255 characters.'] }],
  ])('workspace body %p: 422 %p', async (body, errors) => {
    expect(await gateway.call('POST', '/api/panel/workspaces', { body })).toMatchObject({ status: 422, body: { message: 'Validation errors.', errors } });
  });

  it('creates users, refuses a taken email and bad fields all at once', async () => {
    const created = await gateway.call('POST', '/api/panel/users', { body: { name: 'Ada', email: 'ada@example.com', role: 'ignored' } });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), name: 'Ada', email: 'ada@example.com', is_admin: false } });
    expect(Object.keys(created.body).sort()).toEqual(['email', 'id', 'is_admin', 'name']);

    const taken = await gateway.call('POST', '/api/panel/users', { body: { name: 'Ada again', email: 'ADA@example.com' } });
    expect(taken).toMatchObject({ status: 422, body: { errors: { email: ['The email has already been taken.'] } } });

    const bad = await gateway.call('POST', '/api/panel/users', { body: { email: 'not-an-email', is_admin: 'yes' } });
    expect(bad.body).toEqual({
      message: 'Validation errors.',
      errors: {
        name: ['The name field is required.'],
        email: ['The email field must be a valid email address.'],
        is_admin: ['The is_admin field must be true or false.'],
      },
    });
  });

  it('adds members with a role and the right to approve', async () => {
    const workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Members' } })).body;
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'Bo', email: 'bo@example.com' } })).body;
    const path = `/api/panel/workspaces/${workspace.uuid}/members`;

    const added = await gateway.call('POST', path, { body: { user_id: user.id, role: 'member', can_approve: true } });
    expect(added).toMatchObject({ status: 201, body: { workspace_uuid: workspace.uuid, user_id: user.id, role: 'member', can_approve: true } });
    const changed = await gateway.call('POST', path, { body: { user_id: user.id, role: 'viewer' } });
    expect(changed).toMatchObject({ status: 201, body: { role: 'viewer', can_approve: false } });

    expect((await gateway.call('POST', path, { body: { user_id: 999, role: 'member' } })).body.errors).toEqual({ user_id: ['The selected user_id is invalid.'] });
    expect((await gateway.call('POST', path, { body: { user_id: '1', role: 'owner', can_approve: 'no' } })).body.errors).toEqual({
      user_id: ['The user_id field must be an integer.'],
      role: ['The selected role is invalid. Use admin, member or viewer.'],
      can_approve: ['The can_approve field must be true or false.'],
    });
    expect((await gateway.call('POST', path, { body: {} })).body.errors).toEqual({
      user_id: ['The user_id field is required.'],
      role: ['The role field is required.'],
    });
    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await gateway.call('POST', `/api/panel/workspaces/${uuid}/members`, { body: { user_id: user.id, role: 'member' } });
      expect(missing).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
    }
  });

  it('deletes a user: 204, their tokens stop working, they leave their workspaces; never oneself', async () => {
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'Cy', email: 'cy@example.com', is_admin: true } })).body;
    const token = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 'cli' } })).body.token;
    const workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Cy' } })).body;
    await gateway.call('POST', `/api/panel/workspaces/${workspace.uuid}/members`, { body: { user_id: user.id, role: 'admin' } });

    expect(await gateway.call('DELETE', `/api/panel/users/${user.id}`, { token })).toMatchObject({
      status: 400,
      body: { message: 'You cannot delete your own account.' },
    });
    const deleted = await gateway.call('DELETE', `/api/panel/users/${user.id}`);
    expect(deleted).toMatchObject({ status: 204, body: null });
    expect((await gateway.call('GET', '/api/panel/users', { token })).status).toBe(401);
    expect(await gateway.tables.db.selectFrom('memberships').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await gateway.call('GET', '/api/panel/users')).body.data.map((u: { id: number }) => u.id)).not.toContain(user.id);

    expect(await gateway.call('DELETE', `/api/panel/users/${user.id}`)).toMatchObject({ status: 404, body: { message: 'User not found.' } });
    expect((await gateway.call('DELETE', '/api/panel/users/abc')).status).toBe(404);
    expect((await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 'x' } })).status).toBe(404);
  });

  it('system webhooks go to the webhook-dispatcher with the system scope', async () => {
    const before = gateway.services.calls.length;
    expect(await gateway.call('GET', '/api/panel/webhooks')).toMatchObject({ status: 200, body: { data: [{ id: 1 }] } });
    const body = { url: 'https://example.com/h', events: ['post.published'], secret: null, active: true, unknown: 1 };
    expect(await gateway.call('POST', '/api/panel/webhooks', { body })).toMatchObject({ status: 201, body: { id: 2 } });
    expect(await gateway.call('PUT', '/api/panel/webhooks/2', { body: { active: false } })).toMatchObject({ status: 200 });
    expect(await gateway.call('GET', '/api/panel/webhooks/2')).toMatchObject({ status: 200, body: { id: 2 } });
    expect(await gateway.call('GET', '/api/panel/webhooks/2/deliveries?limit=5')).toMatchObject({ status: 200, body: { data: [] } });
    expect(await gateway.call('POST', '/api/panel/webhooks/2/deliveries/d-1/resend')).toMatchObject({ status: 202, body: { id: 'd-1' } });
    expect(await gateway.call('DELETE', '/api/panel/webhooks/2')).toMatchObject({ status: 204 });
    expect(await gateway.call('GET', '/api/panel/webhooks/x')).toMatchObject({ status: 404, body: { message: 'Webhook not found.' } });

    expect(gateway.services.calls.slice(before)).toEqual([
      { method: 'webhooks.list', payload: { scope: { system: true }, showSecret: true, showUrl: true } },
      { method: 'webhooks.create', payload: { scope: { system: true }, input: { url: 'https://example.com/h', events: ['post.published'], secret: null, active: true } } },
      { method: 'webhooks.update', payload: { scope: { system: true }, webhookId: 2, input: { active: false } } },
      { method: 'webhooks.get', payload: { scope: { system: true }, webhookId: 2, showSecret: true, showUrl: true } },
      { method: 'webhooks.deliveries.list', payload: { scope: { system: true }, webhookId: 2, limit: 5 } },
      { method: 'webhooks.deliveries.resend', payload: { scope: { system: true }, webhookId: 2, deliveryId: 'd-1' } },
      { method: 'webhooks.delete', payload: { scope: { system: true }, webhookId: 2 } },
    ]);
  });
});
