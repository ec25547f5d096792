import { ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { laterWorkParent, TRACE_CONTINUES_FOR_MS, traceFieldsOf } from './message-tracing';

describe('laterWorkParent', () => {
  const requestSpan = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED };
  const stored = trace.setSpanContext(ROOT_CONTEXT, requestSpan);
  const requestedAt = new Date('2026-03-01T09:00:00Z');
  const after = (ms: number) => new Date(requestedAt.getTime() + ms);

  it('continues the request\'s trace within the hour: the work is a child of its span', () => {
    for (const now of [requestedAt, after(TRACE_CONTINUES_FOR_MS)]) {
      const { parent, links } = laterWorkParent(stored, requestedAt, now);
      expect(trace.getSpanContext(parent)).toEqual(requestSpan);
      expect(links).toEqual([]);
    }
  });

  it('starts a new trace that links to the request\'s span when the work comes more than an hour later', () => {
    const { parent, links } = laterWorkParent(stored, requestedAt, after(TRACE_CONTINUES_FOR_MS + 1));
    expect(trace.getSpanContext(parent)).toBeUndefined();
    expect(links).toEqual([{ context: requestSpan }]);
  });

  it('starts a trace of its own, linked to nothing, for work stored without a trace', () => {
    const { parent, links } = laterWorkParent(ROOT_CONTEXT, requestedAt, after(2 * TRACE_CONTINUES_FOR_MS));
    expect(trace.getSpanContext(parent)).toBeUndefined();
    expect(links).toEqual([]);
  });
});

describe('traceFieldsOf', () => {
  it('keeps the W3C trace fields of a carrier and nothing else', () => {
    const carrier = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'vendor=1', commandType: 'CreatePost', baggage: 'a=b' };
    expect(traceFieldsOf(carrier)).toEqual({ traceparent: carrier.traceparent, tracestate: 'vendor=1' });
    expect(traceFieldsOf(undefined)).toEqual({});
  });
});
