import { addMember, approverWorkspace, connectSandbox, createUser, within } from '../support/fixtures';
import { eventually } from '@app/testing/eventually';
import { ReceivedWebhook } from '@app/testing';
import { createWebhook, expectSigned, LIFECYCLE_TIMEOUT_MS, postBody, schedulePost, UTC_TIMESTAMP, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';
import { createdBody } from '../support/api-client';

/** The catalogue's events beyond the specification's four: sent only to webhooks that name them or "*". */
export const webhookEventScenarios: Scenario[] = [
  {
    title: 'a webhook with "*" or the named events receives the lifecycle of posts and accounts; one with no events only the four of the specification',
    run: moreEventsOnlyWhenAsked,
  },
  {
    title: 'an unauthorized sandbox account fails its posts, shows authorized: false, and fires account.needs_reconnect once until connected again',
    run: needsReconnectOnce,
  },
];

const POST_LIFECYCLE = ['post.created', 'post.updated', 'post.scheduled', 'post.publishing', 'post.account_published', 'post.account_failed', 'post.failed', 'post.deleted'];

async function moreEventsOnlyWhenAsked({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const [all, named, plain] = await Promise.all([openReceiver(), openReceiver(), openReceiver()]);
  const workspace = await approverWorkspace(admin, 'More events');
  const everything = await createWebhook(admin, workspace, { url: all.url(), events: ['*'] });
  await createWebhook(admin, workspace, { url: named.url(), events: ['post.created', 'account.connected', 'account.disconnected', 'post.account_failed'] });
  await createWebhook(admin, workspace, { url: plain.url() });
  expect((await admin.get(`/api/${workspace}/webhooks/${everything.id}`)).body.events).toEqual(['*']);

  const good = await connectSandbox(admin, workspace, 'Good');
  const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
  const draft = createdBody(await admin.post(`/api/${workspace}/posts`, { ...postBody([good, broken]), schedule_now: undefined }), 'creating a draft');
  expect(await admin.put(`/api/${workspace}/posts/${draft.uuid}`, { ...postBody([good, broken]) })).toMatchObject({ status: 200 });
  await waitForStatus(admin, workspace, draft.uuid, 'failed');
  // A member who may not approve schedules a post: it awaits approval.
  const writer = await createUser(admin, `writer-${workspace}@events.test`);
  await addMember(admin, workspace, writer.id, 'member', false);
  const awaiting = await schedulePost(writer.api, workspace, [good], new Date(Date.now() + 86_400_000));
  expect(awaiting.status).toBe('needs_approval');
  const gone = await schedulePost(admin, workspace, [good], new Date(Date.now() + 86_400_000));
  expect((await admin.delete(`/api/${workspace}/posts/${gone.uuid}`)).status).toBe(204);
  expect((await admin.delete(`/api/${workspace}/accounts/${broken}`)).status).toBe(204);

  const arrived = await all.waitFor(
    (received) =>
      eventsOf(received, draft.uuid).includes('post.failed') &&
      eventsOf(received, awaiting.uuid).includes('post.approval_requested') &&
      received.some((one) => one.event === 'post.deleted') &&
      received.some((one) => one.event === 'account.disconnected')
        ? received
        : null,
    LIFECYCLE_TIMEOUT_MS,
    'the lifecycle of a post and its accounts',
  );
  expect(new Set(eventsOf(arrived, draft.uuid))).toEqual(new Set(POST_LIFECYCLE.filter((event) => event !== 'post.deleted')));
  expect(all.about(gone.uuid).map((one) => one.event)).toEqual(expect.arrayContaining(['post.created', 'post.scheduled', 'post.deleted']));
  const requested = all.about(awaiting.uuid).find((one) => one.event === 'post.approval_requested')!;
  expect(requested.envelope).toMatchObject({ event: 'post.approval_requested', workspace_uuid: workspace, post: { uuid: awaiting.uuid, status: 'needs_approval' } });
  expect(all.about(awaiting.uuid).map((one) => one.event)).not.toContain('post.scheduled');
  for (const request of arrived) expectSigned(request, everything.secret);

  const published = arrived.find((one) => one.event === 'post.account_published' && one.envelope.post?.uuid === draft.uuid)!;
  expect(published.envelope.account).toEqual({ id: good, provider: 'sandbox', name: 'Good', external_url: expect.stringMatching(/^https:\/\/sandbox\.invalid\/posts\//), errors: [] });
  const failed = arrived.find((one) => one.event === 'post.account_failed')!;
  expect(failed.envelope.account).toEqual({ id: broken, provider: 'sandbox', name: 'Broken', external_url: null, errors: [expect.stringContaining('set to fail')] });
  expect(Object.keys(failed.envelope)).toEqual(['event', 'workspace_uuid', 'post', 'account', 'timestamp']);
  const connected = arrived.filter((one) => one.event === 'account.connected').map((one) => one.envelope);
  expect(connected).toEqual([
    { event: 'account.connected', workspace_uuid: workspace, account: { id: good, provider: 'sandbox', name: 'Good', username: 'good' }, timestamp: expect.stringMatching(UTC_TIMESTAMP) },
    { event: 'account.connected', workspace_uuid: workspace, account: { id: broken, provider: 'sandbox', name: 'Broken', username: 'broken' }, timestamp: expect.stringMatching(UTC_TIMESTAMP) },
  ]);
  expect(arrived.find((one) => one.event === 'account.disconnected')!.envelope.account).toEqual({ id: broken, provider: 'sandbox', name: 'Broken', username: 'broken' });

  await named.waitFor((received) => (received.some((one) => one.event === 'account.disconnected') ? received : null), LIFECYCLE_TIMEOUT_MS, 'account.disconnected');
  expect(new Set(named.received.map((one) => one.event))).toEqual(new Set(['post.created', 'account.connected', 'account.disconnected', 'post.account_failed']));
  // The webhook with no events got the four of the specification, and nothing new.
  await plain.waitFor((received) => (eventsOf(received, draft.uuid).includes('post.failed') ? received : null), LIFECYCLE_TIMEOUT_MS, 'post.failed');
  expect(new Set(plain.received.map((one) => one.event))).toEqual(new Set(['post.scheduled', 'post.failed']));
}

async function needsReconnectOnce({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'Needs reconnect');
  await createWebhook(admin, workspace, { url: receiver.url(), events: ['account.needs_reconnect', 'account.connected'] });
  const account = await connectSandbox(admin, workspace, 'Locked', 'unauthorized');

  const first = await schedulePost(admin, workspace, [account]);
  const failed = await waitForStatus(admin, workspace, first.uuid, 'failed');
  expect(failed.accounts[0].errors).toEqual([expect.stringContaining('refuse its authorization')]);
  const [lost] = await receiver.waitFor((received) => (needsReconnect(received).length > 0 ? needsReconnect(received) : null), LIFECYCLE_TIMEOUT_MS, 'account.needs_reconnect');
  expect(lost.envelope).toEqual({
    event: 'account.needs_reconnect',
    workspace_uuid: workspace,
    account: { id: account, provider: 'sandbox', name: 'Locked', username: 'locked' },
    reason: expect.stringContaining('refuse its authorization'),
    timestamp: expect.stringMatching(UTC_TIMESTAMP),
  });
  await waitForAuthorized(admin, workspace, account, false);

  // A second failing publish fires nothing more; reconnecting allows one again.
  const second = await schedulePost(admin, workspace, [account]);
  await waitForStatus(admin, workspace, second.uuid, 'failed');
  expect(await admin.post(`/api/${workspace}/accounts/${account}/reconnect`, { settings: { outcome: 'unauthorized' }, credentials: {} })).toMatchObject({ status: 200, body: { authorized: true } });
  const third = await schedulePost(admin, workspace, [account]);
  await waitForStatus(admin, workspace, third.uuid, 'failed');
  await receiver.waitFor((received) => (needsReconnect(received).length >= 2 ? received : null), LIFECYCLE_TIMEOUT_MS, 'account.needs_reconnect after the reconnect');
  expect(needsReconnect(receiver.received)).toHaveLength(2);
  expect(receiver.received.filter((one) => one.event === 'account.connected')).toHaveLength(2);
}

const eventsOf = (received: readonly ReceivedWebhook[], postUuid: string): string[] => received.filter((one) => one.envelope?.post?.uuid === postUuid).map((one) => one.event);

const needsReconnect = (received: readonly ReceivedWebhook[]): ReceivedWebhook[] => received.filter((one) => one.event === 'account.needs_reconnect');

async function waitForAuthorized(admin: ScenarioContext['admin'], workspace: string, account: number, authorized: boolean): Promise<void> {
  await eventually(
    async () => {
      const accounts = (await admin.get(`/api/${workspace}/accounts`)).body.data as Array<{ id: number; authorized: boolean }>;
      return accounts.find((one) => one.id === account)?.authorized === authorized ? true : null;
    },
    `account ${account} to be authorized: ${authorized}`,
    within(LIFECYCLE_TIMEOUT_MS),
  );
}
