import { resolve } from 'node:path';
import { RunningService, startService } from './support/service-process';

const REGISTER = resolve(__dirname, '../../dist/libs/telemetry/src/register.js');

describe('tracing (OpenTelemetry)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({
      env: { NODE_OPTIONS: `--require ${REGISTER}`, OTEL_TRACES_EXPORTER: 'console', OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none' },
    });
  }, 90_000);

  afterAll(async () => service?.dispose());

  it('exports a span for an API request, named after its route, without the token', async () => {
    const response = await fetch(`${service.baseUrl}/api/panel/workspaces`, { headers: { Authorization: `Bearer ${service.adminToken}` } });
    expect(response.status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (!/GET \/api\/panel\/workspaces/.test(service.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(service.output()).toMatch(/GET \/api\/panel\/workspaces/);
    expect(service.output()).toContain("'service.name': 'social-publishing-standalone'");
    expect(service.output()).not.toContain(service.adminToken!);
  });
});
