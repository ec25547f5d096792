import { eventually } from '@app/testing/eventually';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, schedulePost, UTC_TIMESTAMP, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** A post's figures, asked for and read; a workspace's totals per account and day, as JSON and CSV. */
export const analyticsScenarios: Scenario[] = [
  {
    title: 'a published post: its figures are null until read; a refresh reads them (sandbox: likes 1, the others 0), tells post.metrics_updated, and a second refresh within a minute is 429; totals per day, JSON and CSV; best times',
    run: refreshedAndTotalled,
  },
  {
    title: 'analytics refuse a bad range (422), a refresh of a draft is 400, of an unknown post 404',
    run: refusals,
  },
];

const SANDBOX_FIGURES = { impressions: 0, likes: 1, replies: 0, reposts: 0, quotes: 0, saves: 0, clicks: 0, views: 0 };
const NO_FIGURES = { impressions: null, likes: null, replies: null, reposts: null, quotes: null, saves: null, clicks: null, views: null };

async function refreshedAndTotalled({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'Analytics');
  const account = await connectSandbox(admin, workspace, 'Figures');
  await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.metrics_updated'] });
  const post = await schedulePost(admin, workspace, [account]);
  const published = await waitForStatus(admin, workspace, post.uuid, 'published');
  const path = `/api/${workspace}/posts/${post.uuid}/metrics`;
  expect((await admin.get(path)).body).toEqual({ data: [{ account_id: account, provider: 'sandbox', supported: true, collected_at: null, metrics: NO_FIGURES }] });

  // A refresh reads the figures once the publisher has them to read; one asked for meanwhile (429 within the minute) is waited out.
  const entry = await eventually(
    async () => {
      const [read] = (await admin.get(path)).body.data;
      if (read.collected_at) return read;
      expect([202, 429]).toContain((await admin.post(`${path}/refresh`)).status);
      return null;
    },
    'figures read after a refresh',
    within(LIFECYCLE_TIMEOUT_MS),
  );
  expect(entry).toEqual({ account_id: account, provider: 'sandbox', supported: true, collected_at: expect.stringMatching(UTC_TIMESTAMP), metrics: SANDBOX_FIGURES });

  const again = await admin.post(`${path}/refresh`);
  expect(again.status).toBe(429);
  expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);

  const delivered = await receiver.waitFor(() => receiver.about(post.uuid, 'post.metrics_updated')[0] ?? null, LIFECYCLE_TIMEOUT_MS, `post.metrics_updated of ${post.uuid}`);
  expect(delivered.envelope).toMatchObject({
    event: 'post.metrics_updated',
    workspace_uuid: workspace,
    post: { uuid: post.uuid, status: 'published' },
    metrics: [{ account_id: account, provider: 'sandbox', supported: true, collected_at: expect.stringMatching(UTC_TIMESTAMP), metrics: SANDBOX_FIGURES }],
  });

  const day = published.accounts[0].published_at!.slice(0, 10);
  const totals = await admin.get(`/api/${workspace}/analytics?from=${day}&to=${day}`);
  expect(totals).toMatchObject({ status: 200, body: { data: [{ date: day, account_id: account, provider: 'sandbox', posts: 1, metrics: SANDBOX_FIGURES }] } });
  expect((await admin.get(`/api/${workspace}/analytics?from=${day}&to=${day}&account_id=${account + 1000}`)).body).toEqual({ data: [] });
  // Best times: the hour of the week (the queue's time zone, UTC until set) the post went out in, by its engagement (one like).
  const publishedAt = new Date(published.accounts[0].published_at!);
  const hour = `${String(publishedAt.getUTCHours()).padStart(2, '0')}:00`;
  const weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][publishedAt.getUTCDay()];
  expect((await admin.get(`/api/${workspace}/analytics/best-times`)).body).toEqual({
    timezone: 'UTC',
    since: expect.stringMatching(UTC_TIMESTAMP),
    data: [{ account_id: account, provider: 'sandbox', times: [{ day: weekday, time: hour, median_engagement: 1, posts: 1 }] }],
  });
  const csv = await csvOf(admin, `/api/${workspace}/analytics?from=${day}&to=${day}&format=csv`);
  expect(csv.type).toMatch(/^text\/csv/);
  expect(csv.text).toBe(`date,account_id,provider,posts,impressions,likes,replies,reposts,quotes,saves,clicks,views\r\n${day},${account},sandbox,1,0,1,0,0,0,0,0,0\r\n`);
}

async function refusals({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Analytics refusals');
  const account = await connectSandbox(admin, workspace);
  const draft = await admin.post(`/api/${workspace}/posts`, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Not yet', media: [] }], options: {} }], accounts: [account] });
  expect(draft.status).toBe(201);
  expect(await admin.post(`/api/${workspace}/posts/${draft.body.uuid}/metrics/refresh`)).toMatchObject({ status: 400, body: { message: 'The post is not published on any account whose platform reports figures.' } });
  expect((await admin.get(`/api/${workspace}/posts/${draft.body.uuid}/metrics`)).body.data).toEqual([{ account_id: account, provider: 'sandbox', supported: true, collected_at: null, metrics: NO_FIGURES }]);
  expect(await admin.get(`/api/${workspace}/posts/00000000-0000-4000-8000-000000000000/metrics`)).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
  expect(await admin.get(`/api/${workspace}/analytics?from=2026-02-30`)).toMatchObject({ status: 422, body: { errors: { from: [expect.stringContaining('valid date')] } } });
  expect(await admin.get(`/api/${workspace}/analytics?from=2026-12-02&to=2026-12-01`)).toMatchObject({ status: 422, body: { errors: { from: [expect.any(String)] } } });
  expect(await admin.get(`/api/${workspace}/analytics?from=2024-01-01&to=2026-01-01`)).toMatchObject({ status: 422, body: { errors: { to: [expect.any(String)] } } });
  expect(await admin.get(`/api/${workspace}/analytics?format=xml`)).toMatchObject({ status: 422, body: { errors: { format: [expect.any(String)] } } });
  expect(await admin.get(`/api/${workspace}/analytics`)).toMatchObject({ status: 200, body: { data: [] } });
  expect(await admin.get(`/api/${workspace}/analytics/best-times?account_id=x`)).toMatchObject({ status: 422, body: { errors: { account_id: [expect.any(String)] } } });
  expect(await admin.get(`/api/${workspace}/analytics/best-times`)).toMatchObject({ status: 200, body: { timezone: 'UTC', data: [] } });
}

async function csvOf(api: ApiClient, path: string): Promise<{ type: string; text: string }> {
  const response = await fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
  return { type: response.headers.get('content-type') ?? '', text: await response.text() };
}
