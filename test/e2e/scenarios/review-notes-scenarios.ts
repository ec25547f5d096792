import { addMember, approverWorkspace, connectSandbox, createUser } from '../support/fixtures';
import { ORIGINAL } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const FAR_AHEAD = '2099-01-01T09:00:00Z';

/** Review notes on posts, and the deletion of a workspace from the panel. */
export const reviewNotesScenarios: Scenario[] = [
  { title: 'a writer notes a post awaiting approval; every member reads the notes, oldest first; the approver approves it', run: notesOnAPostAwaitingApproval },
  { title: 'a workspace is not deleted while a post of it is scheduled; once deleted it answers 404 to everyone and is listed no more', run: deletingAWorkspace },
];

async function notesOnAPostAwaitingApproval({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Reviewed');
  const account = await connectSandbox(admin, workspace);
  const writer = await createUser(admin, `writer-${workspace}@notes.test`);
  const viewer = await createUser(admin, `viewer-${workspace}@notes.test`);
  await addMember(admin, workspace, writer.id, 'member', false);
  await addMember(admin, workspace, viewer.id, 'viewer', false);
  const post = await writer.api.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], scheduled_at: FAR_AHEAD, schedule: true });
  expect(post.body.status).toBe('needs_approval');
  const notes = `/api/${workspace}/posts/${post.body.uuid}/notes`;

  const key = { headers: { 'idempotency-key': 'first-note' } };
  const first = await writer.api.post(notes, { body: 'Is the date right?' }, key);
  expect(first).toMatchObject({ status: 201, body: { id: expect.any(Number), body: 'Is the date right?', author: { id: writer.id }, created_at: expect.stringMatching(/Z$/) } });
  const replayed = await writer.api.post(notes, { body: 'Is the date right?' }, key);
  expect({ status: replayed.status, body: replayed.body, replayed: replayed.headers.get('idempotent-replayed') }).toEqual({ status: 201, body: first.body, replayed: 'true' });
  const second = await admin.post(notes, { body: 'It is.' });
  expect(second.status).toBe(201);

  expect(await viewer.api.post(notes, { body: 'Me too' })).toMatchObject({ status: 403, body: { message: 'This action is unauthorized.' } });
  expect(await writer.api.post(notes, { body: 'x'.repeat(5001) })).toMatchObject({ status: 422, body: { errors: { body: ['The body field must not be greater than 5000 characters.'] } } });
  for (const reader of [admin, writer.api, viewer.api]) expect((await reader.get(notes)).body).toEqual({ data: [first.body, second.body] });

  expect((await admin.post(`/api/${workspace}/posts/${post.body.uuid}/approve`)).body.status).toBe('scheduled');
  expect((await writer.api.get(notes)).body.data).toHaveLength(2);
  expect(await admin.get(`/api/${workspace}/posts/00000000-0000-4000-8000-000000000000/notes`)).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
}

async function deletingAWorkspace({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Doomed');
  const account = await connectSandbox(admin, workspace);
  const member = await createUser(admin, `member-${workspace}@doomed.test`);
  await addMember(admin, workspace, member.id, 'member', false);
  const post = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], scheduled_at: FAR_AHEAD, schedule: true });
  expect(post.body.status).toBe('scheduled');

  const refused = await admin.delete(`/api/panel/workspaces/${workspace}`);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/^The workspace has 1 post scheduled, awaiting approval or publishing\. Unschedule or delete them first/);
  expect((await member.api.get(`/api/${workspace}/posts`)).status).toBe(200);

  expect((await admin.put(`/api/${workspace}/posts/${post.body.uuid}`, { versions: [ORIGINAL], accounts: [account] })).body.status).toBe('draft');
  expect((await admin.delete(`/api/panel/workspaces/${workspace}`)).status).toBe(204);
  for (const client of [admin, member.api]) {
    expect(await client.get(`/api/${workspace}/posts`)).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
  }
  expect((await admin.get('/api/panel/workspaces')).body.data.map((listed: { uuid: string }) => listed.uuid)).not.toContain(workspace);
  expect((await member.api.get('/api/me')).body.workspaces).toEqual([]);
  expect(await admin.put(`/api/panel/workspaces/${workspace}`, { name: 'Back' })).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
}
