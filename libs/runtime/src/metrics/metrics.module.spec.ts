import { Controller, Get, Module, Param } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { appMeter, SecondsBuckets } from '@app/telemetry';
import { createHttpApp } from '../http/http-app';
import { MetricsModule } from './metrics.module';

@Controller('workspaces')
class WorkspacesController {
  @Get(':workspaceUuid/posts')
  posts(@Param('workspaceUuid') workspaceUuid: string) {
    return { workspaceUuid };
  }
}

/** Two services of one process, each importing the metrics (as the embedded mode could). */
@Module({ imports: [MetricsModule], controllers: [WorkspacesController] })
class FirstService {}
@Module({ imports: [MetricsModule] })
class SecondService {}
@Module({ imports: [FirstService, SecondService] })
class OneProcess {}

/** The lines of one metric family, without its comments. */
const seriesOf = (text: string, family: string): string[] => text.split('\n').filter((line) => line.startsWith(`${family}_`) || line.startsWith(`${family}{`));

describe('MetricsModule', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createHttpApp(OneProcess, false);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app?.close());

  const scrape = async () => {
    const answer = await app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return answer.body;
  };

  it('records each request once, under the pattern of its route, its method and its status code', async () => {
    for (const workspace of ['0b5c2f7e-5d4a-4c1e-9f41-7d1c2a9e0b11', '6f0e1d2c-3b4a-4958-8776-655443322110']) {
      expect((await app.inject({ method: 'GET', url: `/workspaces/${workspace}/posts` })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);

    const text = await scrape();

    const labels = 'http_request_method="GET",http_response_status_code="200",http_route="/workspaces/:workspaceUuid/posts"';
    expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
    expect(text).toContain(`http_server_request_duration_seconds_count{${labels}} 2`);
    expect(text).toContain('http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="404"} 1');
    expect(text).not.toMatch(/0b5c2f7e|\/nowhere/);
    const buckets = seriesOf(text, 'http_server_request_duration_seconds').filter((line) => line.startsWith(`http_server_request_duration_seconds_bucket{${labels}`));
    expect(buckets.map((line) => line.match(/le="([^"]+)"/)![1])).toEqual([...SecondsBuckets.request.map(String), '+Inf']);
  });

  it('serves what the instruments created on appMeter() recorded', async () => {
    appMeter().createCounter('example_events_total', { description: 'Events of a test.' }).add(3, { outcome: 'done' });

    const text = await scrape();

    expect(text).toContain('# HELP example_events_total Events of a test.');
    expect(text).toContain('# TYPE example_events_total counter');
    expect(seriesOf(text, 'example_events_total')).toEqual(['example_events_total{outcome="done"} 3']);
  });
});
