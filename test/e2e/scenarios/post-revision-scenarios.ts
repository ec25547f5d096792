import { addMember, approverWorkspace, connectSandbox, createUser } from '../support/fixtures';
import { ORIGINAL } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const FAR_AHEAD = '2099-01-01T09:00:00Z';
const CHANGED = { message: 'The post was changed since you read it. Reload it and try again.' };

/** A post's ETag and the If-Match of its writes: what a reader saw is what their write changes. */
export const postRevisionScenarios: Scenario[] = [
  { title: 'an approval with the ETag the approver read is refused with 412 once a member changed the text; a stale save does not overwrite a newer edit', run: approvalOfWhatWasRead },
];

async function approvalOfWhatWasRead({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Revisions');
  const account = await connectSandbox(admin, workspace);
  const writer = await createUser(admin, `writer-${workspace}@revisions.test`);
  await addMember(admin, workspace, writer.id, 'member', false);
  const withText = (body: string) => ({ versions: [{ ...ORIGINAL, content: [{ body, media: [] }] }], accounts: [account], scheduled_at: FAR_AHEAD, schedule: true });
  const created = await writer.api.post(`/api/${workspace}/posts`, withText('What the approver reads'));
  expect({ status: created.status, etag: created.headers.get('etag') }).toEqual({ status: 201, etag: `"${created.body.revision}"` });
  const post = `/api/${workspace}/posts/${created.body.uuid}`;

  const read = await admin.get(post);
  const seen = read.headers.get('etag')!;
  expect({ etag: seen, status: read.body.status }).toEqual({ etag: `"${read.body.revision}"`, status: 'needs_approval' });
  const edited = await writer.api.put(post, withText('Something else entirely'), { headers: { 'if-match': created.headers.get('etag')! } });
  expect({ status: edited.status, etag: edited.headers.get('etag') }).toEqual({ status: 200, etag: `"${edited.body.revision}"` });

  expect(await admin.post(`${post}/approve`, undefined, { headers: { 'if-match': seen } })).toMatchObject({ status: 412, body: CHANGED });
  expect(await writer.api.put(post, withText('A stale tab'), { headers: { 'if-match': seen } })).toMatchObject({ status: 412, body: CHANGED });
  expect(await admin.delete(post, { headers: { 'if-match': seen } })).toMatchObject({ status: 412, body: CHANGED });
  const now = await admin.get(post);
  expect({ status: now.body.status, text: now.body.versions[0].content[0].body }).toEqual({ status: 'needs_approval', text: 'Something else entirely' });

  const approved = await admin.post(`${post}/approve`, undefined, { headers: { 'if-match': now.headers.get('etag')! } });
  expect({ status: approved.status, post: approved.body.status, etag: approved.headers.get('etag') }).toEqual({ status: 200, post: 'scheduled', etag: `"${approved.body.revision}"` });
}
