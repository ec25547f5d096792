import { adminOf, ApiClient } from './support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, Member } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

const version = (body: string) => ({ is_original: true, content: [{ body, media: [] }] });

/** Review notes on posts, and a workspace's deletion, over HTTP against the built embedded service (gateway, post-service and publisher in one process). */
describe('review notes and deleting a workspace (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let accountId: number;
  let writer: Member;
  let viewer: Member;

  beforeAll(async () => {
    service = await startService();
    admin = adminOf(service);
    workspace = await approverWorkspace(admin, 'Reviewed');
    accountId = await connectSandbox(admin, workspace, 'Acme Sandbox');
    writer = await createUser(admin, 'writer@notes.test');
    viewer = await createUser(admin, 'viewer@notes.test');
    await addMember(admin, workspace, writer.id, 'member', false);
    await addMember(admin, workspace, viewer.id, 'viewer', false);
  });
  afterAll(() => service?.dispose());

  it('a writer notes a post awaiting approval; the approver reads the notes, oldest first, and approves it', async () => {
    const post = await writer.api.post(`/api/${workspace}/posts`, { versions: [version('For review')], accounts: [accountId], scheduled_at: '2099-01-01T09:00:00Z', schedule: true });
    expect(post.body.status).toBe('needs_approval');
    const notes = `/api/${workspace}/posts/${post.body.uuid}/notes`;

    const first = await writer.api.post(notes, { body: 'Is the date right?' }, { headers: { 'idempotency-key': 'first-note' } });
    expect(first).toMatchObject({ status: 201, body: { id: expect.any(Number), body: 'Is the date right?', author: { id: writer.id, name: 'writer' }, created_at: expect.stringMatching(/Z$/) } });
    const replayed = await writer.api.post(notes, { body: 'Is the date right?' }, { headers: { 'idempotency-key': 'first-note' } });
    expect(replayed).toMatchObject({ status: 201, body: first.body });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const second = await admin.post(notes, { body: 'It is.' });
    expect(second.status).toBe(201);

    expect(await viewer.api.post(notes, { body: 'Me too' })).toMatchObject({ status: 403, body: { message: 'This action is unauthorized.' } });
    expect(await writer.api.post(notes, { body: 'x'.repeat(5001) })).toMatchObject({ status: 422, body: { errors: { body: ['The body field must not be greater than 5000 characters.'] } } });
    for (const reader of [admin, writer.api, viewer.api]) expect((await reader.get(notes)).body).toEqual({ data: [first.body, second.body] });

    expect((await admin.post(`/api/${workspace}/posts/${post.body.uuid}/approve`)).body.status).toBe('scheduled');
    expect((await admin.get(notes)).body.data).toHaveLength(2);
    expect(await admin.get(`/api/${workspace}/posts/00000000-0000-4000-8000-000000000000/notes`)).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
  });

  it('deleting a workspace is refused while a post is scheduled; once it is deleted the workspace answers 404 to everyone', async () => {
    const doomed = await approverWorkspace(admin, 'Doomed');
    const doomedAccount = await connectSandbox(admin, doomed, 'Doomed Sandbox');
    await addMember(admin, doomed, writer.id, 'member', false);
    const post = await admin.post(`/api/${doomed}/posts`, { versions: [version('Later')], accounts: [doomedAccount], scheduled_at: '2099-01-01T09:00:00Z', schedule: true });
    expect(post.body.status).toBe('scheduled');

    const refused = await admin.delete(`/api/panel/workspaces/${doomed}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^The workspace has 1 post scheduled, awaiting approval or publishing\. Unschedule or delete them first/);

    expect((await admin.put(`/api/${doomed}/posts/${post.body.uuid}`, { versions: [version('Later')], accounts: [doomedAccount] })).body.status).toBe('draft');
    expect((await admin.delete(`/api/panel/workspaces/${doomed}`)).status).toBe(204);
    for (const client of [admin, writer.api]) {
      expect(await client.get(`/api/${doomed}/posts`)).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
    }
    expect((await admin.get('/api/panel/workspaces')).body.data.map((listed: { uuid: string }) => listed.uuid)).toEqual([workspace]);
    expect((await writer.api.get('/api/me')).body.workspaces.map((listed: { uuid: string }) => listed.uuid)).toEqual([workspace]);
  });
});
