import { ConsumerGroups } from '@app/contracts';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { createWebhook, schedulePost } from '../scenarios/lifecycle-fixtures';
import { adminOf } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { Scrape } from '../support/prometheus-text';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

describe('metrics of the embedded service', () => {
  let service: RunningService;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  });
  afterAll(async () => {
    await service?.dispose();
    await receiver?.close();
  });

  it('serves every family at /metrics without a token, with the labels and counts of what the service did', async () => {
    const admin = adminOf(service);
    const workspace = await approverWorkspace(admin, 'Metrics');
    const account = await connectSandbox(admin, workspace);
    await createWebhook(admin, workspace, { url: receiver.url('/metrics-hook'), events: ['post.published'] });
    const posts = [await schedulePost(admin, workspace, [account]), await schedulePost(admin, workspace, [account])];
    await receiver.waitFor(() => (posts.every((post) => receiver.about(post.uuid, 'post.published').length > 0) ? true : null), 60_000, 'post.published of both posts');

    const answer = await fetch(`${service.baseUrl}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect((await fetch(`${service.baseUrl}/api/metrics`)).status).toBe(404);
    // The webhook's attempt is counted once its answer is in, a moment after the receiver has it.
    const scrape = await service.diagnose(() =>
      eventually(
        async () => {
          const next = await Scrape.of(service.baseUrl);
          return (next.value('webhook_deliveries_total', { outcome: 'succeeded' }) ?? 0) >= 2 ? next : null;
        },
        'both deliveries counted as succeeded',
        within(30_000),
      ),
    );

    expect(Object.fromEntries([...scrape.types].filter(([name]) => !name.startsWith('target')))).toEqual({
      http_server_request_duration_seconds: 'histogram',
      publishing_attempts_total: 'counter',
      webhook_deliveries_total: 'counter',
      webhook_delivery_duration_seconds: 'histogram',
      consumer_lag_messages: 'gauge',
      posts_due_late_seconds: 'histogram',
      sqlite_statements_total: 'counter',
      sqlite_transactions_total: 'counter',
    });
    expect(scrape.where('publishing_attempts_total')).toEqual([{ name: 'publishing_attempts_total', labels: { provider: 'sandbox', outcome: 'published' }, value: 2 }]);
    expect(scrape.value('webhook_delivery_duration_seconds_count')).toBe(scrape.value('webhook_deliveries_total', { outcome: 'succeeded' }));
    expect(scrape.value('posts_due_late_seconds_count')).toBe(2);
    const statements = (kind: string) => scrape.value('sqlite_statements_total', { kind }) ?? 0;
    expect(statements('commit')).toBeGreaterThan(0);
    expect(statements('begin')).toBeGreaterThanOrEqual(statements('commit'));
    expect(statements('other')).toBeGreaterThan(statements('commit'));
    expect(scrape.value('sqlite_transactions_total')).toBeGreaterThanOrEqual(statements('commit'));

    const created = { http_request_method: 'POST', http_route: '/api/:workspaceUuid/posts', http_response_status_code: '201' };
    expect(scrape.value('http_server_request_duration_seconds_count', created)).toBe(2);
    const routes = new Set(scrape.where('http_server_request_duration_seconds_count').map((sample) => sample.labels.http_route));
    expect([...routes].filter((route) => route?.includes(workspace))).toEqual([]);
    expect(routes).toContain('/api/:workspaceUuid/webhooks');

    const lagging = scrape.where('consumer_lag_messages');
    expect(new Set(lagging.map((sample) => sample.labels.group))).toEqual(new Set(Object.values(ConsumerGroups)));
    expect(lagging.every((sample) => sample.labels.topic && sample.value >= 0)).toBe(true);
  });
});
