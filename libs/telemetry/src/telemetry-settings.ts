/**
 * Whether and how tracing runs, from the standard OpenTelemetry variables: tracing is on when an
 * exporter is configured (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or
 * `OTEL_TRACES_EXPORTER` other than `none`) and `OTEL_SDK_DISABLED` is not `true`.
 */
export interface TelemetrySettings {
  enabled: boolean;
  serviceName: string;
}

export function telemetrySettings(env: NodeJS.ProcessEnv, mainScript: string | undefined): TelemetrySettings {
  const exporter = env.OTEL_TRACES_EXPORTER?.trim();
  const configured =
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) ||
    (exporter !== undefined && exporter !== '' && exporter !== 'none');
  return {
    enabled: configured && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true',
    serviceName: env.OTEL_SERVICE_NAME?.trim() || serviceNameOf(mainScript),
  };
}

/** `.../dist/apps/<app>/main.js` names the app; anything else is the product. */
function serviceNameOf(mainScript: string | undefined): string {
  const match = mainScript?.replace(/\\/g, '/').match(/apps\/([a-z-]+)\/main\.js$/);
  return match ? `social-publishing-${match[1]}` : 'social-publishing';
}
