import { telemetrySettings } from './telemetry-settings';

describe('telemetrySettings', () => {
  it('stays off without an exporter', () => {
    expect(telemetrySettings({}, '/srv/dist/apps/gateway/main.js').enabled).toBe(false);
    expect(telemetrySettings({ OTEL_TRACES_EXPORTER: 'none' }, undefined).enabled).toBe(false);
  });

  it('turns on with an OTLP endpoint or a named exporter, unless the SDK is disabled', () => {
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, undefined).enabled).toBe(true);
    expect(telemetrySettings({ OTEL_TRACES_EXPORTER: 'console' }, undefined).enabled).toBe(true);
    expect(telemetrySettings({ OTEL_TRACES_EXPORTER: 'console', OTEL_SDK_DISABLED: 'true' }, undefined).enabled).toBe(false);
  });

  it('names the service after the app it starts, or OTEL_SERVICE_NAME', () => {
    expect(telemetrySettings({}, '/srv/dist/apps/webhook-dispatcher/main.js').serviceName).toBe('social-publishing-webhook-dispatcher');
    expect(telemetrySettings({}, '/srv/other.js').serviceName).toBe('social-publishing');
    expect(telemetrySettings({ OTEL_SERVICE_NAME: 'edge' }, '/srv/dist/apps/gateway/main.js').serviceName).toBe('edge');
  });
});
