import { approverWorkspace, connectSandbox } from '../support/fixtures';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, schedulePost, secondsAhead, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const POSTS = 20;
const AHEAD_SECONDS = 25;

/** A client that works one request after another, as a script or a person does. */
export const sequentialClientScenarios: Scenario[] = [
  {
    title: `a client creates ${POSTS} posts one after another, each scheduled ${AHEAD_SECONDS} s ahead and read back at once; every one is published, its post.published delivered once`,
    run: createsOneAfterAnother,
  },
];

async function createsOneAfterAnother({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'One after another');
  const account = await connectSandbox(admin, workspace, 'Sequential');
  await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.published'] });

  const uuids: string[] = [];
  for (let index = 0; index < POSTS; index++) {
    const post = await schedulePost(admin, workspace, [account], secondsAhead(AHEAD_SECONDS));
    // Read-your-writes: the GET right after the POST shows the post as the POST answered it.
    const read = await admin.get(`/api/${workspace}/posts/${post.uuid}`);
    expect({ index, status: read.status, post: read.body?.status }).toEqual({ index, status: 200, post: 'scheduled' });
    uuids.push(post.uuid);
  }
  const listed = await admin.get(`/api/${workspace}/posts?limit=100`);
  expect(listed.body.meta.total).toBe(POSTS);

  const deadline = AHEAD_SECONDS * 1000 + LIFECYCLE_TIMEOUT_MS;
  for (const uuid of uuids) await waitForStatus(admin, workspace, uuid, 'published', deadline);
  await receiver.waitFor(() => uuids.every((uuid) => receiver.about(uuid, 'post.published').length > 0), LIFECYCLE_TIMEOUT_MS, `post.published of ${POSTS} posts`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(uuids.map((uuid) => receiver.about(uuid, 'post.published').length)).toEqual(uuids.map(() => 1));
}
