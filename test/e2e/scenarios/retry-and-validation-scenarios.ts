import { eventually } from '@app/testing/eventually';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, ORIGINAL, postBody, schedulePost, UTC_TIMESTAMP, waitForStatus } from './lifecycle-fixtures';
import { LocalPlatforms } from './local-platforms';
import { Scenario, ScenarioContext } from './scenario';

/** Each account's result, a retry of the failed ones, and a post body checked without creating it. */
export const retryAndValidationScenarios = (platforms: () => LocalPlatforms): Scenario[] => [
  {
    title: 'one of two accounts fails: each account says its status; retried (once the account is fixed) only that account publishes, once; a retry of the published post is 400',
    run: retriedAfterFailure,
  },
  {
    title: 'validate: a good body is 200 {valid: true}, a text too long for one platform the 422 creating gives, each fault the answer creating gives; nothing is created',
    run: (context) => validatedWithoutCreating(context, platforms()),
  },
];

const statusAndBody = ({ status, body }: { status: number; body: unknown }) => ({ status, body });

type HistoryStep = { type: string; account_id: number | null };

async function historyOf(admin: ApiClient, path: string): Promise<HistoryStep[]> {
  return (await admin.get(`${path}/history`)).body.data;
}

async function retriedAfterFailure({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'Retry');
  const first = await connectSandbox(admin, workspace, 'First');
  const broken = await connectSandbox(admin, workspace, 'Broken', 'failure');
  await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.published', 'post.failed'] });
  const post = await schedulePost(admin, workspace, [first, broken]);
  const path = `/api/${workspace}/posts/${post.uuid}`;
  expect(post.accounts.map(({ status, published_at }) => ({ status, published_at }))).toEqual([
    { status: 'pending', published_at: null },
    { status: 'pending', published_at: null },
  ]);

  const failed = await waitForStatus(admin, workspace, post.uuid, 'failed');
  const [published, refused] = failed.accounts;
  expect(published).toMatchObject({ id: first, status: 'published', published_at: expect.stringMatching(UTC_TIMESTAMP), errors: [] });
  expect(refused).toMatchObject({ id: broken, status: 'failed', published_at: null, external_url: null, errors: [expect.stringContaining('Broken')] });
  expect((await admin.get(path)).body.actions.retry).toBe(true);

  // The account is fixed, then the post retried: at once, with an Idempotency-Key that replays the answer.
  expect((await admin.post(`/api/${workspace}/accounts/${broken}/reconnect`, { settings: { outcome: 'success' } })).status).toBe(200);
  const key = { headers: { 'idempotency-key': `retry-${post.uuid}` } };
  const retried = await admin.post(`${path}/retry`, undefined, key);
  expect(retried.status).toBe(200);
  expect(retried.body).toMatchObject({ uuid: post.uuid, status: 'scheduled', actions: { retry: false } });
  expect(retried.body.accounts[0]).toMatchObject({ id: first, status: 'published', published_at: published.published_at });
  const replayed = await admin.post(`${path}/retry`, undefined, key);
  expect(replayed).toMatchObject({ status: 200, body: retried.body });
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');

  const done = await waitForStatus(admin, workspace, post.uuid, 'published');
  expect(done.accounts).toEqual([
    expect.objectContaining({ id: first, status: 'published', published_at: published.published_at, external_url: published.external_url }),
    expect.objectContaining({ id: broken, status: 'published', published_at: expect.stringMatching(UTC_TIMESTAMP), external_url: expect.stringMatching(/^https:\/\//), errors: [] }),
  ]);
  const steps = await eventually(
    async () => {
      const history = await historyOf(admin, path);
      return history.some((step) => step.type === 'post.published') ? history : null;
    },
    'post.published in the history',
    within(LIFECYCLE_TIMEOUT_MS),
  );
  expect(steps.filter((step) => step.type === 'post.account_published').map((step) => step.account_id)).toEqual([first, broken]);
  expect(steps.filter((step) => step.type === 'post.account_failed').map((step) => step.account_id)).toEqual([broken]);
  await receiver.waitFor(() => receiver.about(post.uuid, 'post.published')[0] ?? null, LIFECYCLE_TIMEOUT_MS, `post.published of ${post.uuid}`);
  expect(receiver.about(post.uuid, 'post.failed')).toHaveLength(1);

  expect(statusAndBody(await admin.post(`${path}/retry`))).toEqual({ status: 400, body: { message: 'Only a failed post can be retried.' } });
  expect((await admin.get(path)).body).toMatchObject({ status: 'published', actions: { retry: false } });
  expect(receiver.about(post.uuid, 'post.published')).toHaveLength(1);
}

async function validatedWithoutCreating({ admin }: ScenarioContext, { discord }: LocalPlatforms): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Preflight');
  const sandbox = await connectSandbox(admin, workspace);
  const onDiscord = createdBody(
    await admin.post(`/api/${workspace}/accounts`, { provider: 'discord', credentials: { webhook_url: `${discord.url}${discord.addWebhook('Preflight')}` } }),
    'connecting discord',
  ).id;
  const posts = `/api/${workspace}/posts`;
  const validate = async (body: unknown) => statusAndBody(await admin.post(`${posts}/validate`, body));

  expect(await validate(postBody([sandbox, onDiscord]))).toEqual({ status: 200, body: { valid: true } });
  expect(await validate({ versions: [ORIGINAL], accounts: [sandbox] })).toEqual({ status: 200, body: { valid: true } });

  // Each fault: the answer validating gives is the answer creating gives (tried last, so nothing is created first).
  const tooLong = { versions: [{ ...ORIGINAL, content: [{ body: 'a'.repeat(2001), media: [] }] }], accounts: [sandbox, onDiscord], schedule_now: true };
  const faults: unknown[] = [
    tooLong,
    { ...postBody([sandbox]), accounts: [sandbox, 999_999] },
    { versions: [ORIGINAL], accounts: [sandbox], schedule: true, scheduled_at: '2001-01-01T00:00:00Z', scheduleNow: true },
    { accounts: [sandbox] },
  ];
  const validated = await Promise.all(faults.map(validate));
  expect(validated[0]).toEqual({ status: 422, body: { message: 'Validation errors.', errors: { 'accounts.1': [expect.stringContaining('discord')] } } });
  for (const [index, fault] of faults.entries()) {
    expect(validated[index].status).toBe(422);
    expect(statusAndBody(await admin.post(posts, fault))).toEqual(validated[index]);
  }
  const notJson = await admin.call('POST', `${posts}/validate`, { rawBody: '{"versions":', headers: { 'content-type': 'application/json' } });
  expect(statusAndBody(notJson)).toEqual(statusAndBody(await admin.call('POST', posts, { rawBody: '{"versions":', headers: { 'content-type': 'application/json' } })));
  expect(notJson.status).toBe(400);
  expect((await admin.post(`/api/${crypto.randomUUID()}/posts/validate`, postBody([sandbox]))).status).toBe(404);

  expect((await admin.get(posts)).body.meta.total).toBe(0);
}
