import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { original } from './sample-posts';

jest.setTimeout(30_000);

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('gateway: review notes on posts (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let postUuid: string;
  const members: Record<'member' | 'viewer' | 'outsider', { id: number; token: string }> = {
    member: { id: 0, token: '' },
    viewer: { id: 0, token: '' },
    outsider: { id: 0, token: '' },
  };

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Notes' } })).body.uuid;
    const accountId = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Acme' } })).body.id;
    for (const role of ['member', 'viewer', 'outsider'] as const) {
      const user = (await gateway.call('POST', '/api/panel/users', { body: { name: `The ${role}`, email: `${role}@notes.test` } })).body;
      if (role !== 'outsider') await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.id, role, can_approve: false } });
      members[role] = { id: user.id, token: (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token };
    }
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const post = await gateway.call('POST', `/api/${workspace}/posts`, { token: members.member.token, body: { versions: [original], accounts: [accountId], scheduled_at: at, schedule: true } });
    expect(post).toMatchObject({ status: 201, body: { status: 'needs_approval' } });
    postUuid = post.body.uuid;
  });
  afterAll(() => gateway?.dispose());

  const notesPath = (post = postUuid) => `/api/${workspace}/posts/${post}/notes`;

  it('lists no notes on a post without any', async () => {
    expect(await gateway.call('GET', notesPath())).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('lets a member add notes, answered with their author and time; every member reads them, oldest first', async () => {
    const first = await gateway.call('POST', notesPath(), { token: members.member.token, body: { body: '  Please check the link.  ' } });
    expect(first).toMatchObject({ status: 201 });
    expect(first.body).toEqual({ id: expect.any(Number), body: 'Please check the link.', author: { id: members.member.id, name: 'The member' }, created_at: expect.stringMatching(ISO_UTC) });
    const second = await gateway.call('POST', notesPath(), { body: { body: 'Approved once fixed.' } });
    expect(second.body).toMatchObject({ author: { id: 1 } });

    for (const token of [undefined, members.member.token, members.viewer.token]) {
      expect(await gateway.call('GET', notesPath(), { token })).toMatchObject({ status: 200, body: { data: [first.body, second.body] } });
    }
  });

  it('refuses a viewer who adds a note: 403, and keeps nothing', async () => {
    const before = (await gateway.call('GET', notesPath())).body.data.length;
    expect(await gateway.call('POST', notesPath(), { token: members.viewer.token, body: { body: 'Mine' } })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect((await gateway.call('GET', notesPath())).body.data).toHaveLength(before);
  });

  it('answers 404 "Workspace not found." to someone outside the workspace', async () => {
    for (const method of ['GET', 'POST']) {
      expect(await gateway.call(method, notesPath(), { token: members.outsider.token, body: method === 'GET' ? undefined : { body: 'x' } })).toMatchObject({
        status: 404,
        body: { message: 'Workspace not found.' },
      });
    }
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 "Post not found." for the post %s', async (post) => {
    for (const method of ['GET', 'POST']) {
      expect(await gateway.call(method, notesPath(post), { body: method === 'GET' ? undefined : { body: 'x' } })).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
    }
  });

  it.each([
    ['missing', {}, { body: ['The body field is required.'] }],
    ['blank', { body: '   ' }, { body: ['The body field is required.'] }],
    ['a number', { body: 42 }, { body: ['The body field must be a string.'] }],
    ['5,001 characters long', { body: 'x'.repeat(5001) }, { body: ['The body field must not be greater than 5000 characters.'] }],
    ['with a NUL', { body: 'a\u0000b' }, { body: ['The body field contains invalid characters.'] }],
  ])('answers 422 for a note %s', async (_, body, errors) => {
    expect(await gateway.call('POST', notesPath(), { body })).toMatchObject({ status: 422, body: { message: 'Validation errors.', errors } });
  });

  it('takes a note of exactly 5,000 characters', async () => {
    expect(await gateway.call('POST', notesPath(), { body: { body: 'y'.repeat(5000) } })).toMatchObject({ status: 201, body: { body: 'y'.repeat(5000) } });
  });

  it('adds a note once for one Idempotency-Key, replaying the first answer', async () => {
    const headers = { 'idempotency-key': 'note-1' };
    const first = await gateway.call('POST', notesPath(), { headers, body: { body: 'Once' } });
    const again = await gateway.call('POST', notesPath(), { headers, body: { body: 'Once' } });
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await gateway.call('GET', notesPath())).body.data.filter((note: { body: string }) => note.body === 'Once')).toHaveLength(1);
    expect(await gateway.call('POST', notesPath(), { headers, body: { body: 'Other' } })).toMatchObject({ status: 422 });
  });

  it('answers 404 "Post not found." once the post is deleted', async () => {
    expect((await gateway.call('DELETE', `/api/${workspace}/posts/${postUuid}`)).status).toBe(204);
    expect(await gateway.call('GET', notesPath())).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
  });
});
