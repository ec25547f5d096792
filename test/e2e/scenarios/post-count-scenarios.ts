import { createdBody } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser } from '../support/fixtures';
import { ORIGINAL, schedulePost, secondsAhead, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** `GET /api/{ws}/posts/counts`: the dashboard's status tabs, from the gateway's posts read model. */
export const postCountScenarios: Scenario[] = [
  {
    title: 'counts the posts of each status, every status present; a deleted post leaves the counts; another workspace’s caller gets 404',
    run: countsOfEachStatus,
  },
];

const ZERO = { draft: 0, scheduled: 0, needs_approval: 0, publishing: 0, published: 0, failed: 0 };

async function countsOfEachStatus({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Counts');
  const counts = async (api = admin) => {
    const answer = await api.get(`/api/${workspace}/posts/counts`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  expect(await counts()).toEqual(ZERO);

  const good = await connectSandbox(admin, workspace, 'Good');
  const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
  const writer = await createUser(admin, `counts-${Date.now()}@lifecycle.test`);
  await addMember(admin, workspace, writer.id, 'member', false);
  const viewer = await createUser(admin, `counts-viewer-${Date.now()}@lifecycle.test`);
  await addMember(admin, workspace, viewer.id, 'viewer', false);

  const draft = () => admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [good] });
  const drafts = [createdBody(await draft(), 'a draft'), createdBody(await draft(), 'a draft')];
  await schedulePost(admin, workspace, [good], secondsAhead(3_600));
  await schedulePost(admin, workspace, [good], secondsAhead(7_200));
  expect((await schedulePost(writer.api, workspace, [good], secondsAhead(3_600))).status).toBe('needs_approval');
  const published = await schedulePost(admin, workspace, [good]);
  const failed = await schedulePost(admin, workspace, [broken]);
  await waitForStatus(admin, workspace, published.uuid, 'published');
  await waitForStatus(admin, workspace, failed.uuid, 'failed');
  expect((await admin.delete(`/api/${workspace}/posts/${drafts[1].uuid}`)).status).toBe(204);

  const expected = { ...ZERO, draft: 1, scheduled: 2, needs_approval: 1, published: 1, failed: 1 };
  expect(await counts()).toEqual(expected);
  // Every member reads them, viewers too; they agree with the list's totals.
  expect(await counts(viewer.api)).toEqual(expected);
  for (const [status, count] of Object.entries(expected)) expect((await admin.get(`/api/${workspace}/posts?status=${status}&limit=1`)).body.meta.total).toBe(count);

  const stranger = await createUser(admin, `counts-stranger-${Date.now()}@lifecycle.test`);
  const refused = await stranger.api.get(`/api/${workspace}/posts/counts`);
  expect({ status: refused.status, body: refused.body }).toEqual({ status: 404, body: { message: 'Workspace not found.' } });
}
