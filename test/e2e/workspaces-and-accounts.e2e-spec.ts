import { ApiClient } from './support/api-client';
import { addMember, approverWorkspace, createUser, Member } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

const WORKSPACE_NOT_FOUND = { message: 'Workspace not found.' };

describe('workspace access and accounts (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let viewer: Member;
  let outsider: Member;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    viewer = await createUser(admin, 'viewer@example.com');
    await addMember(admin, workspace, viewer.id, 'viewer');
    outsider = await createUser(admin, 'outsider@example.com');
  });
  afterAll(() => service?.dispose());

  it.each([
    ['a malformed uuid', () => ({ uuid: 'acme', api: admin })],
    ['a workspace that does not exist', () => ({ uuid: '6f1c3a52-7a0e-4c55-9d57-2b1f6d9a0c11', api: admin })],
    ['a workspace of which the caller is not a member', () => ({ uuid: workspace, api: outsider.api })],
  ])('404 {"message":"Workspace not found."} for %s', async (_, target) => {
    const { uuid, api } = target();
    for (const [method, path] of [
      ['GET', 'accounts'],
      ['POST', 'accounts'],
      ['GET', 'posts'],
      ['POST', 'posts'],
      ['GET', 'posts/6f1c3a52-7a0e-4c55-9d57-2b1f6d9a0c12'],
    ]) {
      const answer = await api.call(method, `/api/${uuid}/${path}`, { body: method === 'GET' ? undefined : {} });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 404, body: WORKSPACE_NOT_FOUND });
    }
  });

  it('POST accounts: 201 Account {id, provider, name, username, authorized, created_at}, credentials never returned', async () => {
    const created = await admin.post(`/api/${workspace}/accounts`, {
      provider: 'sandbox',
      name: 'Acme Sandbox',
      username: 'acme',
      settings: { outcome: 'success' },
      credentials: { api_key: 'k-123-secret' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      provider: 'sandbox',
      name: 'Acme Sandbox',
      username: 'acme',
      authorized: true,
      avatar_url: null,
      token_expires_at: null,
      created_at: expect.stringMatching(/Z$/),
      limits: null,
      options: {},
    });
    const listed = await admin.get(`/api/${workspace}/accounts`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ data: [created.body] });
    expect(JSON.stringify(listed.body)).not.toContain('k-123-secret');
  });

  it('POST accounts with an unknown provider or missing fields: 422', async () => {
    expect(await admin.post(`/api/${workspace}/accounts`, { provider: 'myspace', name: 'Old' })).toMatchObject({
      status: 422,
      body: { message: 'Validation errors.', errors: { provider: ['The selected provider is invalid. Use sandbox, bluesky, mastodon, telegram, discord, x, linkedin, pinterest, threads, tiktok, youtube, reddit, instagram or facebook.'] } },
    });
    expect((await admin.post(`/api/${workspace}/accounts`, {})).body).toEqual({
      message: 'Validation errors.',
      errors: { provider: ['The provider field is required.'] },
    });
  });

  it('DELETE accounts/{id}: 204, gone from the list, then 404', async () => {
    const account = (await admin.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name: 'Temp' })).body;
    expect(await admin.delete(`/api/${workspace}/accounts/${account.id}`)).toMatchObject({ status: 204, body: null });
    const ids = (await admin.get(`/api/${workspace}/accounts`)).body.data.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(account.id);
    expect(await admin.delete(`/api/${workspace}/accounts/${account.id}`)).toMatchObject({ status: 404, body: { message: 'Account not found.' } });
  });

  it('viewers read; every write is 403 {"message":"This action is unauthorized."}', async () => {
    expect((await viewer.api.get(`/api/${workspace}/accounts`)).status).toBe(200);
    expect((await viewer.api.get(`/api/${workspace}/posts`)).status).toBe(200);
    const forbidden = { status: 403, body: { message: 'This action is unauthorized.' } };
    expect(await viewer.api.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name: 'V' })).toMatchObject(forbidden);
    expect(await viewer.api.post(`/api/${workspace}/posts`, { versions: [{ is_original: true }] })).toMatchObject(forbidden);
    expect(await viewer.api.delete(`/api/${workspace}/accounts/1`)).toMatchObject(forbidden);
  });

  it('a deleted account is not a valid target of a post', async () => {
    const account = (await admin.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name: 'Soon gone' })).body;
    await admin.delete(`/api/${workspace}/accounts/${account.id}`);
    expect((await admin.post(`/api/${workspace}/posts`, { versions: [{ is_original: true }], accounts: [account.id] })).body).toEqual({
      message: 'Validation errors.',
      errors: { 'accounts.0': ['The selected account is invalid.'] },
    });
  });

  it('unknown routes are 404 with a message; health and the OpenAPI document answer without a token', async () => {
    const unknown = await admin.get('/api/panel/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: expect.any(String) });
    expect((await admin.get('/health/live', { token: null })).status).toBe(200);
    const document = await admin.get('/api/docs-json', { token: null });
    expect(document.status).toBe(200);
    expect(document.body.paths).toHaveProperty(['/api/{workspaceUuid}/posts']);
  });
});
