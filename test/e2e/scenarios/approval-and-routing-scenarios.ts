import { addMember, approverWorkspace, connectSandbox, createUser } from '../support/fixtures';
import { WebhookReceiver } from '@app/testing';
import { createWebhook, expectEnvelope, expectSigned, LIFECYCLE_TIMEOUT_MS, schedulePost, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** Approval by another member, and which webhooks get which events. */
export const approvalAndRoutingScenarios: Scenario[] = [
  {
    title: 'a member without can_approve schedules: needs_approval; their approve is 403; the approver approve is 200, then post.approved and post.published',
    run: approvalByAnotherMember,
  },
  { title: 'webhooks get only the events they subscribed to', run: onlySubscribedEvents },
  { title: 'a system webhook (panel) receives the events of every workspace; a workspace webhook only its own', run: systemWebhook },
];

async function approvalByAnotherMember({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'Approval');
  const account = await connectSandbox(admin, workspace);
  const webhook = await createWebhook(admin, workspace, { url: receiver.url() });
  const writer = await createUser(admin, `writer-${Date.now()}@lifecycle.test`);
  await addMember(admin, workspace, writer.id, 'member', false);

  const post = await schedulePost(writer.api, workspace, [account]);
  expect(post.status).toBe('needs_approval');
  const refused = await writer.api.post(`/api/${workspace}/posts/${post.uuid}/approve`);
  expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { message: 'This action is unauthorized.' } });
  expect((await admin.get(`/api/${workspace}/posts/${post.uuid}`)).body.status).toBe('needs_approval');
  expect(receiver.about(post.uuid)).toEqual([]);

  const approvedAt = Date.now();
  expect(await admin.post(`/api/${workspace}/posts/${post.uuid}/approve`)).toMatchObject({ status: 200, body: { uuid: post.uuid, status: 'scheduled' } });

  const [approved, published] = await receiver.waitFor(
    () => {
      const events = [receiver.about(post.uuid, 'post.approved')[0], receiver.about(post.uuid, 'post.published')[0]];
      return events.every(Boolean) ? events : null;
    },
    LIFECYCLE_TIMEOUT_MS,
    `post.approved and post.published of ${post.uuid}`,
  );
  expectEnvelope(approved, { event: 'post.approved', workspace, uuid: post.uuid, status: 'scheduled' });
  expectEnvelope(published, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
  expect(Date.parse(approved.envelope.timestamp)).toBeGreaterThanOrEqual(approvedAt - 1000);
  expect(Date.parse(published.envelope.post.published_at)).toBeGreaterThanOrEqual(Date.parse(approved.envelope.timestamp));
  expect(published.at).toBeGreaterThanOrEqual(approved.at);
  expectSigned(approved, webhook.secret);
  expectSigned(published, webhook.secret);
  const shown = await waitForStatus(admin, workspace, post.uuid, 'published');
  expect(shown.published_at).toBe(published.envelope.post.published_at);
  // Asked for "now": approval schedules it at the approval time, and post.approved says so.
  expect(approved.envelope.post.scheduled_at).toBe(shown.scheduled_at);
}

async function onlySubscribedEvents({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const [publishedOnly, failedOnly, everything] = await Promise.all([openReceiver(), openReceiver(), openReceiver()]);
  const workspace = await approverWorkspace(admin, 'Subscriptions');
  const good = await connectSandbox(admin, workspace, 'Good');
  const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
  await createWebhook(admin, workspace, { url: publishedOnly.url(), events: ['post.published'] });
  await createWebhook(admin, workspace, { url: failedOnly.url(), events: ['post.failed'] });
  await createWebhook(admin, workspace, { url: everything.url() });
  const published = await schedulePost(admin, workspace, [good]);
  const failed = await schedulePost(admin, workspace, [broken]);

  const ended = [`post.failed ${failed.uuid}`, `post.published ${published.uuid}`];
  // The deliveries of one event to all webhooks are queued together, and post.scheduled before the
  // ending: once the catch-all has both endings, anything the filtered webhooks were sent is sent too.
  await everything.waitFor(() => ended.every((line) => deliveries(everything).includes(line)), LIFECYCLE_TIMEOUT_MS, 'both endings at the catch-all webhook');
  await publishedOnly.waitFor((received) => received.length > 0, LIFECYCLE_TIMEOUT_MS, 'a delivery to the post.published webhook');
  await failedOnly.waitFor((received) => received.length > 0, LIFECYCLE_TIMEOUT_MS, 'a delivery to the post.failed webhook');
  await new Promise((done) => setTimeout(done, 1_000));

  // Each filtered webhook got one request: its event, named by X-Service-Event and by the envelope.
  const requests = (receiver: WebhookReceiver) => receiver.received.map((request) => `${request.event} ${request.envelope?.event} ${request.envelope?.post?.uuid}`);
  expect(requests(publishedOnly)).toEqual([`post.published post.published ${published.uuid}`]);
  expect(requests(failedOnly)).toEqual([`post.failed post.failed ${failed.uuid}`]);
  expect(deliveries(everything)).toEqual([...ended, `post.scheduled ${failed.uuid}`, `post.scheduled ${published.uuid}`].sort());
}

/** One line per delivery, sorted: a repeated attempt (same webhook-id) is not a second event. */
function deliveries(receiver: WebhookReceiver): string[] {
  const byId = new Map(receiver.received.map((request) => [request.deliveryId, `${request.envelope?.event} ${request.envelope?.post?.uuid}`]));
  return [...byId.values()].sort();
}

async function systemWebhook({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const [system, own] = await Promise.all([openReceiver(), openReceiver()]);
  const systemHook = await createWebhook(admin, 'panel', { url: system.url(), events: ['post.published'] });
  const workspaces = [await approverWorkspace(admin, 'North'), await approverWorkspace(admin, 'South')];
  await createWebhook(admin, workspaces[0], { url: own.url(), events: ['post.published'] });
  const posts = await Promise.all(
    workspaces.map(async (workspace) => ({ workspace, ...(await schedulePost(admin, workspace, [await connectSandbox(admin, workspace)])) })),
  );

  const delivered = await system.waitFor(
    () => {
      const found = posts.map(({ uuid }) => system.about(uuid, 'post.published')[0]);
      return found.every(Boolean) ? found : null;
    },
    LIFECYCLE_TIMEOUT_MS,
    'post.published of both workspaces at the system webhook',
  );
  delivered.forEach((request, index) => {
    expectEnvelope(request, { event: 'post.published', workspace: posts[index].workspace, uuid: posts[index].uuid, status: 'published' });
    expectSigned(request, systemHook.secret);
  });

  await own.waitFor(() => own.about(posts[0].uuid, 'post.published').length > 0, LIFECYCLE_TIMEOUT_MS, 'post.published of North');
  expect(own.about(posts[1].uuid)).toEqual([]);
  expect(own.received.every((request) => request.envelope.workspace_uuid === workspaces[0])).toBe(true);
  // The system webhook would get every later scenario's posts, at a receiver that is gone by then.
  expect((await admin.delete(`/api/panel/webhooks/${systemHook.id}`)).status).toBe(204);
}
