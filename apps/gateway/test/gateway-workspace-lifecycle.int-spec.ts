import { RpcMethods } from '@app/contracts';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { original } from './sample-posts';

jest.setTimeout(30_000);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('gateway: renaming and deleting workspaces on the panel (SQLite)', () => {
  let gateway: GatewayTestApp;
  let member: { id: number; token: string };

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'Mia', email: 'mia@lifecycle.test' } })).body;
    member = { id: user.id, token: (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token };
  });
  afterAll(() => gateway?.dispose());

  /** A workspace with the admin (approver) and Mia as members and a sandbox account. */
  async function workspaceWithAccount(name: string): Promise<{ uuid: string; accountId: number }> {
    const uuid = (await gateway.call('POST', '/api/panel/workspaces', { body: { name } })).body.uuid;
    await gateway.call('POST', `/api/panel/workspaces/${uuid}/members`, { body: { user_id: member.id, role: 'member', can_approve: false } });
    const accountId = (await gateway.call('POST', `/api/${uuid}/accounts`, { body: { provider: 'sandbox', name: 'Acme' } })).body.id;
    return { uuid, accountId };
  }

  it('renames a workspace: 200 with its new name, trimmed, as the listing and its members see it', async () => {
    const { uuid } = await workspaceWithAccount('Old name');
    const renamed = await gateway.call('PUT', `/api/panel/workspaces/${uuid}`, { body: { name: ' New name ' } });
    expect(renamed).toMatchObject({ status: 200, body: { uuid, name: 'New name', created_at: expect.any(String) } });
    expect(Object.keys(renamed.body).sort()).toEqual(['created_at', 'name', 'uuid']);
    expect((await gateway.call('GET', '/api/panel/workspaces')).body.data).toContainEqual(renamed.body);
    expect((await gateway.call('GET', '/api/me', { token: member.token })).body.workspaces).toContainEqual(expect.objectContaining({ uuid, name: 'New name' }));
  });

  it.each([
    ['missing', {}, { name: ['The name field is required.'] }],
    ['blank', { name: ' ' }, { name: ['The name field is required.'] }],
    ['a number', { name: 7 }, { name: ['The name field must be a string.'] }],
    ['256 characters long', { name: 'x'.repeat(256) }, { name: ['The name field must not be greater than 255 characters.'] }],
    ['with a NUL', { name: 'a\u0000' }, { name: ['The name field contains invalid characters.'] }],
  ])('refuses a name %s: 422', async (_, body, errors) => {
    const { uuid } = await workspaceWithAccount('Kept');
    expect(await gateway.call('PUT', `/api/panel/workspaces/${uuid}`, { body })).toMatchObject({ status: 422, body: { message: 'Validation errors.', errors } });
  });

  it.each([UNKNOWN, 'nope'])('answers 404 "Workspace not found." to a rename or deletion of %s', async (uuid) => {
    for (const method of ['PUT', 'DELETE']) {
      expect(await gateway.call(method, `/api/panel/workspaces/${uuid}`, { body: { name: 'X' } })).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
    }
  });

  it('refuses a user who is not an admin: 403, and changes nothing', async () => {
    const { uuid } = await workspaceWithAccount('Guarded');
    for (const method of ['PUT', 'DELETE']) {
      expect(await gateway.call(method, `/api/panel/workspaces/${uuid}`, { token: member.token, body: { name: 'Mine' } })).toMatchObject({
        status: 403,
        body: { message: 'This action is unauthorized.' },
      });
    }
    expect((await gateway.call('GET', `/api/${uuid}/accounts`, { token: member.token })).status).toBe(200);
    expect((await gateway.call('GET', '/api/panel/workspaces')).body.data).toContainEqual(expect.objectContaining({ uuid, name: 'Guarded' }));
  });

  it.each([
    ['scheduled'],
    ['needs_approval'],
  ] as const)('refuses to delete a workspace with a post %s: 400 saying what to do, until the post is deleted', async (status) => {
    const { uuid, accountId } = await workspaceWithAccount(`Busy ${status}`);
    const token = status === 'scheduled' ? undefined : member.token;
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const post = await gateway.call('POST', `/api/${uuid}/posts`, { token, body: { versions: [original], accounts: [accountId], scheduled_at: at, schedule: true } });
    expect(post.body.status).toBe(status);

    const refused = await gateway.call('DELETE', `/api/panel/workspaces/${uuid}`);
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.body.message).toBe(
      'The workspace has 1 post scheduled, awaiting approval or publishing. Unschedule or delete them first (wait for a post being published to finish), then delete the workspace.',
    );
    expect((await gateway.call('GET', `/api/${uuid}/posts/${post.body.uuid}`, { token: member.token })).status).toBe(200);
    expect(gateway.services.callsOf(RpcMethods.disconnectAccount)).not.toContainEqual(expect.objectContaining({ workspaceUuid: uuid }));

    expect((await gateway.call('DELETE', `/api/${uuid}/posts/${post.body.uuid}`)).status).toBe(204);
    expect((await gateway.call('DELETE', `/api/panel/workspaces/${uuid}`)).status).toBe(204);
  });

  it('deletes a workspace with drafts only: its accounts disconnected, 404 to every member and to the panel, listed no more', async () => {
    const { uuid, accountId } = await workspaceWithAccount('Doomed');
    const draft = await gateway.call('POST', `/api/${uuid}/posts`, { token: member.token, body: { versions: [original], accounts: [accountId] } });
    expect(draft.body.status).toBe('draft');
    expect((await gateway.call('GET', `/api/${uuid}/posts`, { token: member.token })).status).toBe(200);

    expect(await gateway.call('DELETE', `/api/panel/workspaces/${uuid}`)).toMatchObject({ status: 204, body: null });

    expect(gateway.services.callsOf(RpcMethods.disconnectAccount)).toContainEqual({ accountId, workspaceUuid: uuid });
    for (const token of [undefined, member.token]) {
      for (const path of ['posts', `posts/${draft.body.uuid}`, 'accounts', 'queue']) {
        expect(await gateway.call('GET', `/api/${uuid}/${path}`, { token })).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
      }
      expect(await gateway.call('POST', `/api/${uuid}/posts`, { token, body: { versions: [original], accounts: [accountId], schedule_now: true } })).toMatchObject({ status: 404 });
    }
    expect((await gateway.call('GET', '/api/panel/workspaces')).body.data).not.toContainEqual(expect.objectContaining({ uuid }));
    expect((await gateway.call('GET', '/api/me', { token: member.token })).body.workspaces).not.toContainEqual(expect.objectContaining({ uuid }));
    for (const [method, path] of [
      ['GET', `/api/panel/workspaces/${uuid}/members`],
      ['PUT', `/api/panel/workspaces/${uuid}`],
      ['DELETE', `/api/panel/workspaces/${uuid}`],
    ]) {
      expect(await gateway.call(method, path, { body: method === 'PUT' ? { name: 'Back' } : undefined })).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
    }
    expect(await gateway.call('POST', `/api/panel/workspaces/${uuid}/members`, { body: { user_id: member.id, role: 'admin' } })).toMatchObject({ status: 404 });
  });

  it('keeps the workspace when the publisher cannot disconnect its accounts: 503, and the deletion can be repeated', async () => {
    const { uuid, accountId } = await workspaceWithAccount('Unreachable');
    gateway.services.disconnectTimesOut = true;
    try {
      const failed = await gateway.call('DELETE', `/api/panel/workspaces/${uuid}`);
      expect(failed.status).toBe(503);
      expect(typeof failed.body.message).toBe('string');
      expect((await gateway.call('GET', `/api/${uuid}/accounts`, { token: member.token })).body.data).toEqual([expect.objectContaining({ id: accountId })]);
    } finally {
      gateway.services.disconnectTimesOut = false;
    }
    expect((await gateway.call('DELETE', `/api/panel/workspaces/${uuid}`)).status).toBe(204);
    expect((await gateway.call('GET', `/api/${uuid}/accounts`, { token: member.token })).status).toBe(404);
  });
});
