import { ApiClient } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, validation } from '../support/fixtures';
import { ORIGINAL } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const FAR_AHEAD = '2099-01-01T09:00:00Z';
const NOT_FOUND = { status: 404, body: { message: 'Preview link not found.' } };
const UNAUTHORIZED = { status: 403, body: { message: 'This action is unauthorized.' } };

/** Preview links: a post shown to reviewers outside the workspace, who may note it and, when the link allows, approve it. */
export const previewLinkScenarios: Scenario[] = [
  { title: 'a writer sends a link: its reader, without an account, sees the post and its notes and adds one, but may not approve through it', run: readingAndNotingThroughALink },
  { title: 'an approver’s link approves the post once, as long as its maker may approve; a revoked or unknown link shows nothing', run: approvingThroughALink },
];

/** The token a link's address ends with, and an anonymous client. */
const tokenOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

async function awaitingApproval({ admin }: ScenarioContext, name: string) {
  const workspace = await approverWorkspace(admin, name);
  const account = await connectSandbox(admin, workspace, 'Acme');
  const writer = await createUser(admin, `writer-${workspace}@preview.test`);
  await addMember(admin, workspace, writer.id, 'member', false);
  const post = await writer.api.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], scheduled_at: FAR_AHEAD, schedule: true });
  expect(post.body.status).toBe('needs_approval');
  return { workspace, writer, post: post.body, links: `/api/${workspace}/posts/${post.body.uuid}/preview-links` };
}

async function readingAndNotingThroughALink(context: ScenarioContext): Promise<void> {
  const { admin, system } = context;
  const { workspace, writer, post, links } = await awaitingApproval(context, 'Previewed');
  const viewer = await createUser(admin, `viewer-${workspace}@preview.test`);
  await addMember(admin, workspace, viewer.id, 'viewer', false);

  expect(await writer.api.post(links, { can_approve: true })).toMatchObject(UNAUTHORIZED);
  expect(await viewer.api.post(links, {})).toMatchObject(UNAUTHORIZED);
  expect(await writer.api.post(links, { expires_in_hours: 721, can_approve: 'yes' })).toMatchObject(
    validation({ expires_in_hours: ['The expires_in_hours field must be between 1 and 720.'], can_approve: ['The can_approve field must be true or false.'] }),
  );
  const before = Date.now();
  const made = await writer.api.post(links, {});
  expect(made).toMatchObject({ status: 201, body: { id: expect.any(Number), url: expect.stringMatching(/\/p\/[A-Za-z0-9_-]{43}$/), can_approve: false } });
  expect(Date.parse(made.body.expires_at) - before).toBeGreaterThanOrEqual(168 * 3_600_000 - 1_000);
  expect(Date.parse(made.body.expires_at) - before).toBeLessThan(168 * 3_600_000 + 60_000);
  expect((await viewer.api.get(links)).body).toEqual({ data: [{ id: made.body.id, expires_at: made.body.expires_at, can_approve: false, created_at: expect.any(String) }] });

  const outside = new ApiClient(system.baseUrl, null);
  const preview = `/api/preview/${tokenOf(made.body.url)}`;
  const memberNote = (await writer.api.post(`/api/${workspace}/posts/${post.uuid}/notes`, { body: 'Is the date right?' })).body;
  expect(await outside.get(preview)).toMatchObject({
    status: 200,
    body: {
      post: { uuid: post.uuid, status: 'needs_approval', versions: post.versions, accounts: [{ provider: 'sandbox', name: 'Acme', username: 'acme' }], scheduled_at: post.scheduled_at },
      notes: [memberNote],
      can_approve: false,
      expires_at: made.body.expires_at,
    },
  });
  expect(Object.keys((await outside.get(preview)).body.post.accounts[0]).sort()).toEqual(['name', 'provider', 'username']);

  expect(await outside.post(`${preview}/notes`, { body: '' })).toMatchObject(validation({ name: ['The name field is required.'], body: ['The body field is required.'] }));
  const note = await outside.post(`${preview}/notes`, { name: ' Carol (client) ', body: 'Please say “spring”.' });
  expect(note).toMatchObject({ status: 201, body: { id: expect.any(Number), body: 'Please say “spring”.', author: { id: null, name: 'Carol (client)', external: true } } });
  expect((await viewer.api.get(`/api/${workspace}/posts/${post.uuid}/notes`)).body.data).toEqual([memberNote, note.body]);
  expect(await outside.post(`${preview}/approve`, { name: 'Carol (client)' })).toMatchObject(UNAUTHORIZED);
  expect((await writer.api.get(`/api/${workspace}/posts/${post.uuid}`)).body.status).toBe('needs_approval');
  expect(await outside.get(`${preview}/platforms`)).toMatchObject({ status: 200, body: { data: [{ provider: 'sandbox' }], account_versions: [0] } });
}

async function approvingThroughALink(context: ScenarioContext): Promise<void> {
  const { admin, system } = context;
  const { workspace, writer, post, links } = await awaitingApproval(context, 'Approved outside');
  const approver = await createUser(admin, `approver-${workspace}@preview.test`);
  await addMember(admin, workspace, approver.id, 'member', true);
  const outside = new ApiClient(system.baseUrl, null);

  const made = await approver.api.post(links, { can_approve: true, expires_in_hours: 1 });
  expect(made).toMatchObject({ status: 201, body: { can_approve: true } });
  const preview = `/api/preview/${tokenOf(made.body.url)}`;
  expect((await outside.get(preview)).body.can_approve).toBe(true);
  expect(await outside.post(`${preview}/approve`, {})).toMatchObject(validation({ name: ['The name field is required.'] }));

  // The link approves on its maker's authority: not once they may no longer approve.
  expect((await admin.put(`/api/panel/workspaces/${workspace}/members/${approver.id}`, { can_approve: false })).status).toBe(200);
  expect(await outside.post(`${preview}/approve`, { name: 'Carol (client)' })).toMatchObject(UNAUTHORIZED);
  expect((await admin.put(`/api/panel/workspaces/${workspace}/members/${approver.id}`, { can_approve: true })).status).toBe(200);

  const approved = await outside.post(`${preview}/approve`, { name: 'Carol (client)' });
  expect(approved).toMatchObject({ status: 200, body: { post: { uuid: post.uuid, status: 'scheduled' }, can_approve: true } });
  expect((await writer.api.get(`/api/${workspace}/posts/${post.uuid}`)).body.status).toBe('scheduled');
  expect(await outside.post(`${preview}/approve`, { name: 'Carol (client)' })).toMatchObject({ status: 400, body: { message: 'The post is not awaiting approval.' } });

  const second = (await writer.api.post(links, {})).body;
  expect((await writer.api.get(links)).body.data.map((link: { id: number }) => link.id)).toEqual([made.body.id, second.id]);
  expect((await writer.api.delete(`${links}/${made.body.id}`)).status).toBe(204);
  expect(await outside.get(preview)).toMatchObject(NOT_FOUND);
  expect(await outside.post(`${preview}/notes`, { name: 'Carol', body: 'Still there?' })).toMatchObject(NOT_FOUND);
  expect(await writer.api.delete(`${links}/${made.body.id}`)).toMatchObject(NOT_FOUND);
  expect((await writer.api.get(links)).body.data.map((link: { id: number }) => link.id)).toEqual([second.id]);
  expect(await outside.get(`/api/preview/${'x'.repeat(43)}`)).toMatchObject(NOT_FOUND);
}
