import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** A span as a service exported it, with the name of that service. */
export interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  /** Empty for the first span of a trace. */
  parentSpanId: string;
  links: Array<{ traceId: string; spanId: string }>;
}

interface OtlpAttribute {
  key: string;
  value?: { stringValue?: string };
}
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  links?: Array<{ traceId: string; spanId: string }>;
}
interface OtlpExport {
  resourceSpans?: Array<{ resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: Array<{ spans?: OtlpSpan[] }> }>;
}

/**
 * A local OTLP/HTTP receiver of traces, in OTLP's JSON encoding: start the service with `env` and
 * every span it exports lands in `spans`. Anything but a JSON export of traces is refused (415).
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const server = createServer();
    const receiver = new OtlpReceiver(server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void receiver.receive(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The standard variables that make the service export its traces here, soon after each span ends. */
  get env(): Record<string, string> {
    return {
      OTEL_EXPORTER_OTLP_ENDPOINT: this.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    };
  }

  /** The spans of one trace received so far. */
  inTrace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/traces' || !request.headers['content-type']?.startsWith('application/json')) {
      response.writeHead(415).end();
      return;
    }
    this.spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  }
}

function spansOf(exported: OtlpExport): ReceivedSpan[] {
  return (exported.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value?.stringValue ?? '';
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        name: span.name,
        traceId: hexId(span.traceId),
        spanId: hexId(span.spanId),
        parentSpanId: hexId(span.parentSpanId ?? ''),
        links: (span.links ?? []).map((link) => ({ traceId: hexId(link.traceId), spanId: hexId(link.spanId) })),
      })),
    );
  });
}

/** OTLP/JSON writes ids in hex; some exporters write them in base64, as protobuf's JSON mapping would. */
function hexId(id: string): string {
  return /^([0-9a-f]{16}|[0-9a-f]{32}|)$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}
