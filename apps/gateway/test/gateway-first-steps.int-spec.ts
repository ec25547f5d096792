import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { original } from './sample-posts';

jest.setTimeout(30_000);

const NOT_FOUND = { message: 'Workspace not found.' };
const notAMember = (workspace: string) => ({ message: `You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/${workspace}/members.` });

/** The first steps of a new admin (PRODUCT.md, "The first steps"): a workspace of their own, what a refusal tells them, a post body with a typo, the service's root. */
describe('gateway: the first steps (SQLite)', () => {
  let gateway: GatewayTestApp;
  /** A panel admin other than the bootstrap one, with their token. */
  let secondAdmin: { id: number; token: string };
  /** A user who is no admin. */
  let user: { id: number; token: string };

  const userWithToken = async (email: string, isAdmin: boolean) => {
    const created = (await gateway.call('POST', '/api/panel/users', { body: { name: email, email, is_admin: isAdmin } })).body;
    const token = (await gateway.call('POST', `/api/panel/users/${created.id}/tokens`, { body: { name: 't' } })).body.token as string;
    return { id: created.id as number, token };
  };

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    secondAdmin = await userWithToken('second-admin@example.com', true);
    user = await userWithToken('user@example.com', false);
  });
  afterAll(() => gateway?.dispose());

  it('POST /api/panel/workspaces makes its caller an admin member who may approve, and says so in membership', async () => {
    const created = await gateway.call('POST', '/api/panel/workspaces', { token: secondAdmin.token, body: { name: 'Mine' } });
    expect(created).toMatchObject({ status: 201 });
    const workspace = created.body.uuid as string;
    expect(created.body).toEqual({ uuid: workspace, name: 'Mine', created_at: expect.stringMatching(/Z$/), membership: { workspace_uuid: workspace, role: 'admin', can_approve: true } });
    const own = await gateway.call('GET', `/api/${workspace}/membership`, { token: secondAdmin.token });
    expect(own).toMatchObject({ status: 200, body: created.body.membership });
    expect((await gateway.call('GET', `/api/panel/workspaces/${workspace}/members`)).body.data).toEqual([
      { user_id: secondAdmin.id, name: 'second-admin@example.com', email: 'second-admin@example.com', role: 'admin', can_approve: true },
    ]);

    // At once able to schedule: no approval to wait for.
    const account = (await gateway.call('POST', `/api/${workspace}/accounts`, { token: secondAdmin.token, body: { provider: 'sandbox', name: 'Box' } })).body.id;
    const post = await gateway.call('POST', `/api/${workspace}/posts`, { token: secondAdmin.token, body: { versions: [original], accounts: [account], schedule_now: true } });
    expect(post).toMatchObject({ status: 201, body: { status: 'scheduled' } });
  });

  it('adding the creator again as a member changes their rights in place (201), as for any member', async () => {
    const workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Again' } })).body.uuid as string;
    const again = await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: 1, role: 'admin', can_approve: true } });
    expect(again).toMatchObject({ status: 201, body: { workspace_uuid: workspace, user_id: 1, role: 'admin', can_approve: true } });
    expect((await gateway.call('GET', `/api/panel/workspaces/${workspace}/members`)).body.data).toHaveLength(1);
  });

  it('a panel admin who is not a member of an existing workspace gets 403 saying how to become one, on reads and writes', async () => {
    const workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Not theirs' } })).body.uuid as string;
    for (const [method, path] of [
      ['GET', 'posts'],
      ['POST', 'posts'],
      ['GET', 'membership'],
      ['DELETE', 'accounts/1'],
    ]) {
      const answer = await gateway.call(method, `/api/${workspace.toUpperCase()}/${path}`, { token: secondAdmin.token, body: method === 'POST' ? {} : undefined });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 403, body: notAMember(workspace) });
    }

    const added = await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: secondAdmin.id, role: 'viewer' } });
    expect(added.status).toBe(201);
    expect(await gateway.call('GET', `/api/${workspace}/posts`, { token: secondAdmin.token })).toMatchObject({ status: 200 });
  });

  it('everyone else still gets 404: a user who is no admin, and an admin asking for a workspace that does not exist or was deleted', async () => {
    const workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Hidden' } })).body.uuid as string;
    expect(await gateway.call('GET', `/api/${workspace}/posts`, { token: user.token })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await gateway.call('GET', '/api/00000000-0000-4000-8000-000000000000/posts', { token: secondAdmin.token })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await gateway.call('GET', '/api/not-a-uuid/posts', { token: secondAdmin.token })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await gateway.call('DELETE', `/api/panel/workspaces/${workspace}`)).status).toBe(204);
    expect(await gateway.call('GET', `/api/${workspace}/posts`, { token: secondAdmin.token })).toMatchObject({ status: 404, body: NOT_FOUND });
  });

  it('a post body field the API does not know is a 422 under it, naming the field meant; nothing is created or changed', async () => {
    const workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Typos' } })).body.uuid as string;
    const account = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Box' } })).body.id;
    const before = gateway.services.callsOf('posts.create').length;
    const created = await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [{ ...original, accountId: 0 }], accounts: [account], scheduleNow: true, colour: 'blue' } });
    expect(created).toEqual(
      expect.objectContaining({
        status: 422,
        body: {
          message: 'Validation errors.',
          errors: {
            scheduleNow: ['The scheduleNow field is not recognized. Did you mean schedule_now?'],
            colour: ['The colour field is not recognized.'],
            'versions.0.accountId': ['The accountId field is not recognized. Did you mean account_id?'],
          },
        },
      }),
    );
    expect(gateway.services.callsOf('posts.create')).toHaveLength(before);

    const draft = (await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [original] } })).body;
    const updated = await gateway.call('PUT', `/api/${workspace}/posts/${draft.uuid}`, { body: { versions: [original], tag: ['x'] } });
    expect(updated).toMatchObject({ status: 422, body: { errors: { tag: ['The tag field is not recognized. Did you mean tags?'] } } });
    expect((await gateway.call('GET', `/api/${workspace}/posts/${draft.uuid}`)).body.tags).toEqual([]);
  });

  it('GET / redirects to the dashboard', async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await fetch(`${gateway.url}/`, { method, redirect: 'manual' });
      expect({ method, status: answer.status, location: answer.headers.get('location') }).toEqual({ method, status: 302, location: '/app' });
    }
  });
});
