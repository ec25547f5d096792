import { followOnePostInOneTrace } from '../scenarios/trace-scenarios';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { OtlpReceiver } from '../support/otlp-receiver';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

describe('one trace per post, embedded: started by the OpenTelemetry variables alone', () => {
  let otlp: OtlpReceiver;
  let service: RunningService;

  beforeAll(async () => {
    otlp = await OtlpReceiver.start();
    service = await startService({ env: { ...LIFECYCLE_ENV, ...otlp.env } });
  });
  afterAll(async () => {
    await service?.dispose();
    await otlp?.close();
  });

  it('follows a post sent with a traceparent in that trace, from the request through publishing to its webhooks', () =>
    followOnePostInOneTrace(service, otlp, { api: 'social-publishing-standalone', all: ['social-publishing-standalone'] }));
});
