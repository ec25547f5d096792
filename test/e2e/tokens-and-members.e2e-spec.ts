import { adminOf, ApiClient } from './support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

/** The rules of tokens and of a workspace's members, over HTTP against the built service. */
describe('tokens and members (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;

  beforeAll(async () => {
    service = await startService();
    admin = adminOf(service);
  });
  afterAll(() => service?.dispose());

  it('a token cannot create one that outlives it: without expires_at the new one expires with it; a later expires_at is refused', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000);
    const short = await admin.post('/api/me/tokens', { name: 'short', expires_at: inTwoMinutes.toISOString() });
    expect(short.status).toBe(201);
    const client = admin.as(short.body.token);

    const inherited = await client.post('/api/me/tokens', { name: 'child' });
    expect(inherited.status).toBe(201);
    expect(inherited.body.expires_at).toBe(short.body.expires_at);

    const later = await client.post('/api/me/tokens', { name: 'longer', expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(later.status).toBe(422);
    expect(later.body.errors.expires_at).toEqual([`The expires_at must not be later than the expiry of the token that creates it (${short.body.expires_at}).`]);

    const viaPanel = await client.post('/api/panel/users/1/tokens', { name: 'panel child' });
    expect(viaPanel.body.expires_at).toBe(short.body.expires_at);
  });

  it('refuses an expires_at on a day the month does not have, instead of rolling it over', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const answer = await admin.post('/api/me/tokens', { name: 'feb', expires_at: `${year}-02-30` });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['expires_at']);
  });

  it('issues at most 50 live tokens per user', async () => {
    const user = await createUser(admin, 'many-tokens@example.com');
    const answers = [];
    for (let index = 0; index < 50; index++) answers.push((await admin.post(`/api/panel/users/${user.id}/tokens`, { name: `t${index}` })).status);
    expect(answers.filter((status) => status === 201)).toHaveLength(49); // createUser issued the first
    const over = await user.api.post('/api/me/tokens', { name: 'one more' });
    expect(over.status).toBe(422);
    expect(over.body).toEqual({ message: 'Validation errors.', errors: { tokens: ['A user has at most 50 live tokens; revoke one first.'] } });

    const listed = (await user.api.get('/api/me/tokens')).body.data;
    expect((await user.api.delete(`/api/me/tokens/${listed[1].id}`)).status).toBe(204);
    expect((await user.api.post('/api/me/tokens', { name: 'one more' })).status).toBe(201);
  });

  it('lists, changes and removes the members of a workspace; a removed member loses it at once', async () => {
    const workspace = await approverWorkspace(admin, 'Members');
    const member = await createUser(admin, 'member-one@example.com');
    await addMember(admin, workspace, member.id, 'member');
    await connectSandbox(admin, workspace);
    expect((await member.api.get(`/api/${workspace}/accounts`)).status).toBe(200);

    const listed = await admin.get(`/api/panel/workspaces/${workspace}/members`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      { user_id: 1, name: expect.any(String), email: expect.any(String), role: 'admin', can_approve: true },
      { user_id: member.id, name: 'member-one', email: 'member-one@example.com', role: 'member', can_approve: false },
    ]);

    const changed = await admin.put(`/api/panel/workspaces/${workspace}/members/${member.id}`, { role: 'viewer' });
    expect(changed.body).toEqual({ user_id: member.id, name: 'member-one', email: 'member-one@example.com', role: 'viewer', can_approve: false });
    expect((await member.api.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name: 'No' })).status).toBe(403);
    expect((await admin.put(`/api/panel/workspaces/${workspace}/members/${member.id}`, { role: 'owner' })).body.errors.role).toBeDefined();

    expect((await admin.delete(`/api/panel/workspaces/${workspace}/members/${member.id}`)).status).toBe(204);
    expect(await member.api.get(`/api/${workspace}/accounts`)).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
    expect(await admin.delete(`/api/panel/workspaces/${workspace}/members/${member.id}`)).toMatchObject({ status: 404, body: { message: 'The user is not a member of this workspace.' } });
    expect((await admin.put(`/api/panel/workspaces/${workspace}/members/${member.id}`, { role: 'admin' })).status).toBe(404);
    expect((await admin.get('/api/panel/workspaces/00000000-0000-4000-8000-000000000000/members')).status).toBe(404);
    expect((await member.api.get(`/api/panel/workspaces/${workspace}/members`)).status).toBe(403);
  });
});
