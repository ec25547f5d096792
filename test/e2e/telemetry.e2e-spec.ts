import { adminOf } from './support/api-client';
import { approverWorkspace, connectSandbox, within } from './support/fixtures';
import { Scrape } from './support/prometheus-text';
import { RunningService, startService } from './support/service-process';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';

describe('tracing (OpenTelemetry)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({
      // The standard variables alone: the service starts tracing itself.
      env: {
        OTEL_TRACES_EXPORTER: 'console',
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      },
    });
  }, 90_000);

  afterAll(async () => service?.dispose());

  it('exports a span for an API request, named after its route, without the token', async () => {
    const response = await fetch(`${service.baseUrl}/api/panel/workspaces`, { headers: { Authorization: `Bearer ${service.adminToken}` } });
    expect(response.status).toBe(200);
    await eventually(() => /GET \/api\/panel\/workspaces/.test(service.output()), 'the span of the request', { timeoutMs: 15_000, intervalMs: 200 });
    expect(service.output()).toContain("'service.name': 'social-publishing-standalone'");
    expect(service.output()).not.toContain(service.adminToken!);
  });

  it('still serves its metrics at /metrics: tracing leaves them to the app', async () => {
    const admin = adminOf(service);
    expect((await admin.get('/api/panel/workspaces')).status).toBe(200);

    const scrape = await Scrape.of(service.baseUrl);

    const listed = { http_request_method: 'GET', http_route: '/api/panel/workspaces', http_response_status_code: '200' };
    expect(scrape.value('http_server_request_duration_seconds_count', listed)).toBeGreaterThanOrEqual(1);
    expect(scrape.types.get('consumer_lag_messages')).toBe('gauge');
  });

  it('records a webhook delivery with the origin of the receiver only, never the secret path of its URL', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const admin = adminOf(service);
      const workspace = await approverWorkspace(admin, 'Traced');
      const account = await connectSandbox(admin, workspace);
      const secretPath = '/hooks/s3cr3t-path-component';
      expect((await admin.post(`/api/${workspace}/webhooks`, { url: receiver.url(secretPath), events: ['post.scheduled'] })).status).toBe(201);
      const post = await admin.post(`/api/${workspace}/posts`, { versions: [{ is_original: true, content: [{ body: 'traced' }] }], accounts: [account], schedule_now: true });
      expect(post.status).toBe(201);

      await eventually(async () => receiver.received.some((request) => request.path === secretPath), 'the webhook delivery', within(30_000));
      const origin = new URL(receiver.url()).host;
      await eventually(async () => service.output().includes(`http://${origin}/[redacted]`), 'the span of the delivery', within(15_000));
      expect(service.output()).not.toContain('s3cr3t-path-component');
    } finally {
      await receiver.close();
    }
  });
});
