import { ApiClient } from './support/api-client';
import { createUser } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('panel endpoints (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;

  beforeAll(async () => {
    // Webhook URLs on this machine, so that no name needs resolving.
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
  });
  afterAll(() => service?.dispose());

  it('POST /panel/workspaces: 201 {uuid, name, created_at, membership}, its creator an admin who may approve; GET lists it', async () => {
    const created = await admin.post('/api/panel/workspaces', { name: 'Acme' });
    expect(created.status).toBe(201);
    const { membership, ...workspace } = created.body;
    expect(workspace).toEqual({ uuid: expect.stringMatching(UUID), name: 'Acme', created_at: expect.stringMatching(ISO_UTC) });
    expect(membership).toEqual({ workspace_uuid: workspace.uuid, role: 'admin', can_approve: true });
    expect((await admin.get(`/api/${workspace.uuid}/membership`)).body).toEqual(membership);
    const listed = await admin.get('/api/panel/workspaces');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(workspace);
  });

  it('POST /panel/workspaces without a name: 422', async () => {
    expect(await admin.post('/api/panel/workspaces', {})).toMatchObject({
      status: 422,
      body: { message: 'Validation errors.', errors: { name: ['The name field is required.'] } },
    });
  });

  it('POST /panel/users: 201 {id, name, email, is_admin}; GET lists it', async () => {
    const created = await admin.post('/api/panel/users', { name: 'Ada', email: 'ada@example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Ada', email: 'ada@example.com', is_admin: false });
    const admins = await admin.post('/api/panel/users', { name: 'Root', email: 'root@example.com', is_admin: true });
    expect(admins.body.is_admin).toBe(true);
    const listed = await admin.get('/api/panel/users');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual(expect.arrayContaining([created.body, admins.body]));
  });

  it('POST /panel/users with a taken email or bad fields: 422', async () => {
    await admin.post('/api/panel/users', { name: 'Bo', email: 'bo@example.com' });
    expect((await admin.post('/api/panel/users', { name: 'Bo', email: 'bo@example.com' })).body).toEqual({
      message: 'Validation errors.',
      errors: { email: ['The email has already been taken.'] },
    });
    expect((await admin.post('/api/panel/users', { email: 'nope' })).body.errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field must be a valid email address.'],
    });
  });

  it('POST /panel/users/{id}/tokens: 201 {id, name, token, expires_at}; the token works', async () => {
    const user = (await admin.post('/api/panel/users', { name: 'Cy', email: 'cy@example.com', is_admin: true })).body;
    const forever = await admin.post(`/api/panel/users/${user.id}/tokens`, { name: 'ci' });
    expect(forever.status).toBe(201);
    expect(forever.body).toEqual({ id: expect.any(Number), name: 'ci', token: expect.any(String), expires_at: null });
    const expiresAt = '2099-01-01T00:00:00.000Z';
    const later = await admin.post(`/api/panel/users/${user.id}/tokens`, { name: 'later', expires_at: expiresAt });
    expect(later.body).toMatchObject({ name: 'later', expires_at: expiresAt });
    expect((await admin.get('/api/panel/users', { token: forever.body.token })).status).toBe(200);
    expect(await admin.post('/api/panel/users/999999/tokens', { name: 'x' })).toMatchObject({ status: 404, body: { message: 'User not found.' } });
  });

  it('POST /panel/workspaces/{uuid}/members: 201; unknown workspace 404; bad fields 422', async () => {
    const workspace = (await admin.post('/api/panel/workspaces', { name: 'Team' })).body.uuid;
    const user = await createUser(admin, 'member@example.com');
    const added = await admin.post(`/api/panel/workspaces/${workspace}/members`, { user_id: user.id, role: 'member', can_approve: true });
    expect(added).toMatchObject({ status: 201, body: { workspace_uuid: workspace, user_id: user.id, role: 'member', can_approve: true } });
    expect((await user.api.get(`/api/${workspace}/accounts`)).status).toBe(200);

    expect(await admin.post('/api/panel/workspaces/00000000-0000-4000-8000-000000000000/members', { user_id: user.id, role: 'member' })).toMatchObject({
      status: 404,
      body: { message: 'Workspace not found.' },
    });
    expect((await admin.post(`/api/panel/workspaces/${workspace}/members`, { user_id: user.id, role: 'owner' })).body).toEqual({
      message: 'Validation errors.',
      errors: { role: ['The selected role is invalid. Use admin, member or viewer.'] },
    });
  });

  it('DELETE /panel/users/{id}: 204, then 404', async () => {
    const user = await createUser(admin, 'gone@example.com');
    expect(await admin.delete(`/api/panel/users/${user.id}`)).toMatchObject({ status: 204, body: null });
    expect(await admin.delete(`/api/panel/users/${user.id}`)).toMatchObject({ status: 404, body: { message: 'User not found.' } });
  });

  it('system webhooks: created, listed and deleted in the panel', async () => {
    const created = await admin.post('/api/panel/webhooks', { url: 'http://127.0.0.1:9/system-hook', events: ['post.published'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), url: 'http://127.0.0.1:9/system-hook', events: ['post.published'], active: true });
    expect((await admin.get('/api/panel/webhooks')).body.data).toContainEqual(expect.objectContaining({ id: created.body.id }));
    expect((await admin.get(`/api/panel/webhooks/${created.body.id}/deliveries`)).status).toBe(200);
    expect((await admin.delete(`/api/panel/webhooks/${created.body.id}`)).status).toBe(204);
  });
});
