import { ApiClient } from './support/api-client';
import { createUser } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

const UNAUTHENTICATED = { message: 'Unauthenticated.' };

describe('authentication (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
  });
  afterAll(() => service?.dispose());

  it('the ADMIN_TOKEN admin may use the panel', async () => {
    const users = await admin.get('/api/panel/users');
    expect(users.status).toBe(200);
    expect(users.body.data).toEqual([expect.objectContaining({ is_admin: true })]);
  });

  it.each([
    ['no Authorization header', { token: null }],
    ['an unknown token', { token: 'not-a-token' }],
    ['a scheme other than Bearer', { token: null, headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } }],
  ])('401 {"message":"Unauthenticated."} for %s, on panel and workspace routes', async (_, options) => {
    for (const path of ['/api/panel/workspaces', '/api/00000000-0000-4000-8000-000000000000/posts']) {
      const answer = await admin.get(path, options);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 401, body: UNAUTHENTICATED });
    }
  });

  it('a 401 carries the Bearer challenge: with error="invalid_token" for a token that lets nobody in, without an error when none was sent', async () => {
    expect((await admin.get('/api/panel/workspaces', { token: null })).headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect((await admin.get('/api/panel/workspaces', { token: 'not-a-token' })).headers.get('www-authenticate')).toBe(
      'Bearer realm="api", error="invalid_token", error_description="The token is unknown, revoked or expired."',
    );
    expect((await admin.get('/api/panel/workspaces')).headers.get('www-authenticate')).toBeNull();
  });

  it('GET /api answers without a token: the name, the version and where the dashboard and the reference are', async () => {
    for (const path of ['/api', '/api/']) {
      const index = await admin.get(path, { token: null });
      expect(index).toMatchObject({ status: 200, body: { name: 'social-publishing-service', version: expect.stringMatching(/^\d+\.\d+\.\d+/), links: { app: '/app', docs: '/api/docs', openapi: '/api/docs-json' } } });
    }
    expect((await admin.get('/api/docs-json', { token: null })).status).toBe(200);
  });

  it('401 for an expired token', async () => {
    const user = await admin.post('/api/panel/users', { name: 'Short', email: 'short@example.com', is_admin: true });
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const token = await admin.post(`/api/panel/users/${user.body.id}/tokens`, { name: 'short', expires_at: expiresAt });
    expect(token.status).toBe(201);
    expect((await admin.get('/api/panel/users', { token: token.body.token })).status).toBe(200);
    await new Promise((done) => setTimeout(done, 2000));
    expect(await admin.get('/api/panel/users', { token: token.body.token })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('401 for the tokens of a deleted user', async () => {
    const user = await createUser(admin, 'leaving@example.com', true);
    expect((await user.api.get('/api/panel/users')).status).toBe(200);
    expect((await admin.delete(`/api/panel/users/${user.id}`)).status).toBe(204);
    expect(await user.api.get('/api/panel/users')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('403 {"message":"This action is unauthorized."} for a non-admin on the panel', async () => {
    const user = await createUser(admin, 'plain@example.com');
    for (const [method, path] of [
      ['GET', '/api/panel/workspaces'],
      ['POST', '/api/panel/workspaces'],
      ['GET', '/api/panel/users'],
      ['POST', '/api/panel/users'],
      ['DELETE', `/api/panel/users/${user.id}`],
      ['POST', `/api/panel/users/${user.id}/tokens`],
      ['GET', '/api/panel/webhooks'],
    ]) {
      const answer = await user.api.call(method, path, { body: method === 'GET' ? undefined : { name: 'x' } });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({
        method,
        path,
        status: 403,
        body: { message: 'This action is unauthorized.' },
      });
    }
  });

  it('400 {"message":"You cannot delete your own account."}', async () => {
    const users = (await admin.get('/api/panel/users')).body.data as Array<{ id: number; email: string }>;
    const self = users.find((user) => user.email === 'admin@localhost')!;
    expect(await admin.delete(`/api/panel/users/${self.id}`)).toMatchObject({ status: 400, body: { message: 'You cannot delete your own account.' } });
    expect((await admin.get('/api/panel/users')).status).toBe(200);
  });
});

describe('bootstrap without ADMIN_TOKEN (the built service)', () => {
  let service: RunningService;
  afterAll(() => service?.dispose());

  it('creates an admin and prints its generated token once in the log', async () => {
    service = await startService({ adminToken: null });
    const tokens = [...service.output().matchAll(/\b(sps_[A-Za-z0-9_-]{20,})/g)].map((match) => match[1]);
    expect(tokens).toHaveLength(1);
    const admin = new ApiClient(service.baseUrl, tokens[0]);
    expect(await admin.get('/api/panel/users')).toMatchObject({ status: 200, body: { data: [expect.objectContaining({ is_admin: true })] } });

    const issued = await admin.post('/api/panel/users/1/tokens', { name: 'second' });
    expect(issued.status).toBe(201);
    expect(service.output()).not.toContain(issued.body.token);
  });
});
