import { eventually } from '@app/testing/eventually';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import {
  createWebhook,
  expectEnvelope,
  expectSigned,
  LIFECYCLE_TIMEOUT_MS,
  ORIGINAL,
  postBody,
  PUBLISHED_IS_FINAL,
  schedulePost,
  secondsAhead,
  UTC_TIMESTAMP,
  waitForStatus,
} from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** A post from scheduling to publication or failure, told by webhooks to a real endpoint; then the published post is final. */
export const publicationScenarios: Scenario[] = [
  { title: 'published now: post.scheduled, then post.published with published_at; the post shows each account external_url', run: publishedNow },
  { title: 'scheduled a few seconds ahead (scheduled_at with seconds and an offset): post.scheduled at once, post.published at that time and not before', run: publishedAhead },
  {
    title: 'one of two accounts fails: post.failed and no post.published; the post shows that account errors; scheduled again, only that account is tried again',
    run: oneAccountFails,
  },
  { title: 'a published post: update and delete are 400 with the contract message, and it stays published', run: publishedIsFinal },
];

/** A workspace with the sandbox accounts First and Second and a webhook for every event to a receiver of the scenario. */
async function publishingWorkspace({ admin, openReceiver }: ScenarioContext) {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'Publication');
  const first = await connectSandbox(admin, workspace, 'First');
  const second = await connectSandbox(admin, workspace, 'Second');
  const webhook = await createWebhook(admin, workspace, { url: receiver.url() });
  /** The post.scheduled and the `last` request about a post, once both arrived. */
  const scheduledThen = (uuid: string, last: string) =>
    receiver.waitFor(
      () => {
        const scheduled = receiver.about(uuid, 'post.scheduled')[0];
        const ended = receiver.about(uuid, last)[0];
        return scheduled && ended ? { scheduled, ended } : null;
      },
      LIFECYCLE_TIMEOUT_MS,
      `post.scheduled and ${last} of ${uuid}`,
    );
  return { receiver, workspace, first, second, webhook, scheduledThen };
}

async function publishedNow(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const { workspace, first, second, webhook, scheduledThen } = await publishingWorkspace(context);
  const before = Date.now();
  const post = await schedulePost(admin, workspace, [first, second]);
  expect(post.status).toBe('scheduled');

  const { scheduled, ended } = await scheduledThen(post.uuid, 'post.published');
  expect(scheduled.at).toBeLessThanOrEqual(ended.at);
  expectEnvelope(scheduled, { event: 'post.scheduled', workspace, uuid: post.uuid, status: 'scheduled' });
  expectEnvelope(ended, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
  expect(scheduled.envelope.post.published_at).toBeNull();
  expect(ended.envelope.post.accounts).toEqual([
    { id: first, provider: 'sandbox', name: 'First', external_url: expect.stringMatching(/^https:\/\//) },
    { id: second, provider: 'sandbox', name: 'Second', external_url: expect.stringMatching(/^https:\/\//) },
  ]);
  expect(ended.envelope.post.published_at).toMatch(UTC_TIMESTAMP);
  expect(Date.parse(ended.envelope.post.published_at)).toBeGreaterThanOrEqual(Date.parse(ended.envelope.post.scheduled_at));
  expect(Date.parse(scheduled.envelope.post.scheduled_at)).toBeGreaterThanOrEqual(before - 1000);
  expectSigned(scheduled, webhook.secret);
  expectSigned(ended, webhook.secret);

  const shown = await waitForStatus(admin, workspace, post.uuid, 'published');
  expect(shown.published_at).toBe(ended.envelope.post.published_at);
  expect(ended.envelope.post.accounts.map((account: { external_url: string | null }) => account.external_url)).toEqual(shown.accounts.map((account) => account.external_url));
  expect(shown.accounts).toEqual([
    expect.objectContaining({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] }),
    expect.objectContaining({ id: second, external_url: expect.stringMatching(/^https:\/\//), errors: [] }),
  ]);
  expect(shown.accounts[0].external_url).not.toBe(shown.accounts[1].external_url);
}

async function publishedAhead(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const { workspace, first, webhook, scheduledThen } = await publishingWorkspace(context);
  const at = secondsAhead(5);
  const post = await schedulePost(admin, workspace, [first], at);
  expect(post).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString() });

  const { scheduled, ended } = await scheduledThen(post.uuid, 'post.published');
  expectEnvelope(scheduled, { event: 'post.scheduled', workspace, uuid: post.uuid, status: 'scheduled' });
  expect(scheduled.envelope.post.scheduled_at).toBe(at.toISOString());
  expect(scheduled.at).toBeLessThan(at.getTime());
  expectEnvelope(ended, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
  expectSigned(ended, webhook.secret);
  expect(ended.envelope.post.scheduled_at).toBe(at.toISOString());
  expect(Date.parse(ended.envelope.post.published_at)).toBeGreaterThanOrEqual(at.getTime());
  expect(ended.at).toBeGreaterThanOrEqual(at.getTime());

  const shown = await waitForStatus(admin, workspace, post.uuid, 'published');
  expect(shown).toMatchObject({ scheduled_at: at.toISOString(), published_at: ended.envelope.post.published_at });
  expect(shown.accounts).toEqual([expect.objectContaining({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] })]);
}

async function oneAccountFails(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const { receiver, workspace, first, webhook, scheduledThen } = await publishingWorkspace(context);
  const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
  const post = await schedulePost(admin, workspace, [first, broken]);

  const { ended } = await scheduledThen(post.uuid, 'post.failed');
  expectEnvelope(ended, { event: 'post.failed', workspace, uuid: post.uuid, status: 'failed' });
  expectSigned(ended, webhook.secret);
  expect(ended.envelope.post.published_at).toBeNull();
  expect(ended.envelope.post.accounts).toEqual([
    { id: first, provider: 'sandbox', name: 'First', external_url: expect.stringMatching(/^https:\/\//) },
    { id: broken, provider: 'sandbox', name: 'Broken', external_url: null },
  ]);
  expect(receiver.about(post.uuid, 'post.published')).toEqual([]);

  const shown = await waitForStatus(admin, workspace, post.uuid, 'failed');
  expect(shown.published_at).toBeNull();
  const [succeeded, failed] = shown.accounts;
  expect(succeeded).toMatchObject({ id: first, external_url: expect.stringMatching(/^https:\/\//), errors: [] });
  expect(failed).toMatchObject({ id: broken, external_url: null, errors: [expect.stringContaining('Broken')] });

  // Scheduled again: only the account that failed is tried again; the other keeps its one publication.
  const path = `/api/${workspace}/posts/${post.uuid}`;
  expect((await admin.put(path, postBody([first, broken]))).status).toBe(200);
  const history = await eventually(
    async () => {
      const steps: Array<{ type: string; account_id: number | null }> = (await admin.get(`${path}/history`)).body.data;
      return steps.filter((step) => step.type === 'post.failed').length === 2 ? steps : null;
    },
    'the second round to end',
    within(LIFECYCLE_TIMEOUT_MS),
  );
  expect(history.filter((step) => step.type === 'post.account_published').map((step) => step.account_id)).toEqual([first]);
  expect(history.filter((step) => step.type === 'post.account_failed').map((step) => step.account_id)).toEqual([broken, broken]);
  expect((await admin.get(path)).body.accounts[0]).toMatchObject({ id: first, external_url: succeeded.external_url });
}

async function publishedIsFinal({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Final');
  const account = await connectSandbox(admin, workspace);
  const post = await schedulePost(admin, workspace, [account]);
  await waitForStatus(admin, workspace, post.uuid, 'published');
  const path = `/api/${workspace}/posts/${post.uuid}`;
  const refused = { status: 400, body: { message: PUBLISHED_IS_FINAL } };
  const statusAndBody = ({ status, body }: { status: number; body: unknown }) => ({ status, body });

  // An edit of the content, and one that also asks to publish now: both refused.
  expect(statusAndBody(await admin.put(path, { versions: [ORIGINAL], accounts: [account] }))).toEqual(refused);
  expect(statusAndBody(await admin.put(path, postBody([account])))).toEqual(refused);
  expect(statusAndBody(await admin.delete(path))).toEqual(refused);
  expect(await admin.get(path)).toMatchObject({ status: 200, body: { status: 'published' } });
}
