import type { Span } from '@opentelemetry/api';
import { redactOutgoingUrl } from './outgoing-url-redaction';

function recordingSpan(): { span: Span; attributes: Record<string, unknown> } {
  const attributes: Record<string, unknown> = {
    'http.url': 'https://hooks.example.com/in/s3cr3t?token=abc',
    'http.target': '/in/s3cr3t?token=abc',
  };
  const span = { setAttribute: (name: string, value: unknown) => ((attributes[name] = value), span) } as unknown as Span;
  return { span, attributes };
}

describe('redactOutgoingUrl', () => {
  it('keeps the origin of an outgoing request and drops its path and query', () => {
    const { span, attributes } = recordingSpan();
    redactOutgoingUrl(span, { protocol: 'https:', host: 'hooks.example.com', getHeader: (name) => (name === 'host' ? 'hooks.example.com:8443' : undefined) });
    expect(attributes).toEqual({
      'http.url': 'https://hooks.example.com:8443/[redacted]',
      'url.full': 'https://hooks.example.com:8443/[redacted]',
      'http.target': '/[redacted]',
      'url.path': '/[redacted]',
      'url.query': '',
    });
    expect(JSON.stringify(attributes)).not.toMatch(/s3cr3t|token=abc/);
  });

  it('redacts the whole URL when the host is unknown', () => {
    const { span, attributes } = recordingSpan();
    redactOutgoingUrl(span, {});
    expect(attributes['http.url']).toBe('/[redacted]');
  });
});
