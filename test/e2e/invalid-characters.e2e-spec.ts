import { ApiClient, createdBody } from './support/api-client';
import { approverWorkspace } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

const invalid = (...fields: string[]) => ({
  status: 422,
  body: { message: 'Validation errors.', errors: Object.fromEntries(fields.map((field) => [field, [`The ${field.split('.').pop()} field contains invalid characters.`]])) },
});

/** Text no database can store (a NUL, an unpaired surrogate) is a 422 under its field on every write endpoint, never a 5xx. */
describe('invalid characters in stored text (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Characters');
  });
  afterAll(() => service?.dispose());

  it('a NUL in a workspace name: 422 under name (it was a 500)', async () => {
    expect(await admin.post('/api/panel/workspaces', { name: 'Acme\u0000' })).toMatchObject(invalid('name'));
  });

  it('a NUL in a user name, an unpaired surrogate or a NUL in an email: 422 under each field (they were 500s)', async () => {
    expect(await admin.post('/api/panel/users', { name: 'Ada\u0000', email: 'ada@example.com' })).toMatchObject(invalid('name'));
    expect(await admin.post('/api/panel/users', { name: 'Ada', email: 'ada\ud800@example.com' })).toMatchObject(invalid('email'));
    expect(await admin.post('/api/panel/users', { name: '\ud800', email: 'a\u0000@example.com' })).toMatchObject(invalid('name', 'email'));
    expect((await admin.get('/api/panel/users')).body.data.map((user: { email: string }) => user.email)).not.toContain('ada@example.com');
  });

  it('a NUL in a token name: 422 under name', async () => {
    const user = createdBody(await admin.post('/api/panel/users', { name: 'Bea', email: 'bea@example.com' }), 'creating a user');
    expect(await admin.post(`/api/panel/users/${user.id}/tokens`, { name: 'ci\u0000' })).toMatchObject(invalid('name'));
  });

  it('an account name, username or setting with invalid characters: 422 under each', async () => {
    const body = { provider: 'sandbox', name: 'Box\u0000', username: '\udfff', settings: { outcome: 'success', note: 'a\u0000' } };
    expect(await admin.post(`/api/${workspace}/accounts`, body)).toMatchObject(invalid('name', 'username', 'settings.note'));
    expect((await admin.get(`/api/${workspace}/accounts`)).body.data).toEqual([]);
  });

  it('a webhook url with a NUL, in a workspace or the panel: 422 under url', async () => {
    expect(await admin.post(`/api/${workspace}/webhooks`, { url: 'https://example.com/\u0000' })).toMatchObject(invalid('url'));
    expect(await admin.post('/api/panel/webhooks', { url: 'https://example.com/\u0000' })).toMatchObject(invalid('url'));
  });
});
