import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Link } from '@opentelemetry/api';
import type { IncomingMessage, OutgoingMessage } from './message-bus.port';

/**
 * The one place where a trace's context is put on and read from what carries a post's work
 * further: message headers, event metadata, stored timers and deliveries. Its fields are W3C Trace
 * Context's (`traceparent`, `tracestate`). Without tracing started (see the telemetry library's
 * register), the API is a no-op: nothing is written, and spans cost a function call.
 */
export const TRACEPARENT = 'traceparent';
const TRACE_FIELDS = [TRACEPARENT, 'tracestate'] as const;

/**
 * How long after the request that caused it a post's work still belongs to the request's trace:
 * work begun later (a scheduled post published the next day) starts a trace of its own that links
 * to the request's span, so that no trace lasts for days.
 */
export const TRACE_CONTINUES_FOR_MS = 60 * 60 * 1000;

const tracer = () => trace.getTracer('social-publishing');

/** The trace fields of `of` (the active context by default); empty when nothing is traced. */
export function traceFields(of: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(of, carrier);
  return traceFieldsOf(carrier);
}

/** The trace fields a carrier (headers, metadata) holds, and nothing else of it. */
export function traceFieldsOf(carrier: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of TRACE_FIELDS) if (carrier?.[name]) fields[name] = carrier[name];
  return fields;
}

/** The context a carrier's trace fields name; one with no span when it names none. */
export function traceContextOf(carrier: Readonly<Record<string, string>> | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, traceFieldsOf(carrier));
}

/** The context a stored `traceparent` names (none: one with no span). */
export function storedTraceContext(traceparent: string | null): Context {
  return traceContextOf(traceparent === null ? {} : { [TRACEPARENT]: traceparent });
}

/** A message with the active trace context in its headers, unless it carries one of its own (a relayed event's). */
export function withTraceHeaders(message: OutgoingMessage): OutgoingMessage {
  if (message.headers?.[TRACEPARENT]) return message;
  const fields = traceFields();
  return fields[TRACEPARENT] ? { ...message, headers: { ...message.headers, ...fields } } : message;
}

/** Runs `work` in a span of its own, child of `parent` (with `links`), ended when the work settles. */
export function inSpan<T>(name: string, options: { kind: SpanKind; parent: Context; links?: Link[] }, work: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind: options.kind, links: options.links }, options.parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs a consumer's work on messages in the trace they carry: one message's span is a child of
 * its sender's, as is a batch's whose messages all come from the same span (the events of one
 * append); any other batch's span starts a trace that links to each message's.
 */
export function consumeInTrace<T>(name: string, messages: readonly IncomingMessage[], work: () => Promise<T>): Promise<T> {
  const sender = messages[0].headers[TRACEPARENT];
  if (messages.every((message) => message.headers[TRACEPARENT] === sender)) return inSpan(name, { kind: SpanKind.CONSUMER, parent: traceContextOf(messages[0].headers) }, work);
  return inSpan(name, { kind: SpanKind.CONSUMER, parent: ROOT_CONTEXT, links: linksTo(messages.map((message) => message.headers)) }, work);
}

/**
 * Runs the work of one message of a batch in that message's trace (a child of its sender's span),
 * so that what the work sends and stores goes on in the message's trace, not in the batch's.
 */
export function inMessageTrace<T>(name: string, message: IncomingMessage, work: () => Promise<T>): Promise<T> {
  return inSpan(name, { kind: SpanKind.INTERNAL, parent: traceContextOf(message.headers) }, work);
}

/**
 * Where work done later for a stored trace context goes (a timer that fires): a child of that
 * context within TRACE_CONTINUES_FOR_MS of when it was stored, a new trace linking to it after.
 */
export function laterWorkParent(stored: Context, storedAt: Date, now: Date): { parent: Context; links: Link[] } {
  if (now.getTime() - storedAt.getTime() <= TRACE_CONTINUES_FOR_MS) return { parent: stored, links: [] };
  const spanContext = trace.getSpanContext(stored);
  return { parent: ROOT_CONTEXT, links: spanContext ? [{ context: spanContext }] : [] };
}

/** A trace context kept with work to do later (a timer, a deferred attempt), and when it was kept. */
export interface StoredTrace {
  traceparent: string | null;
  storedAt: Date;
}

/** The active trace, to keep with work to do later. */
export function traceToStore(now: Date = new Date()): StoredTrace {
  return { traceparent: traceFields()[TRACEPARENT] ?? null, storedAt: now };
}

/**
 * Records the start of work done later for a stored trace context (see laterWorkParent) as a span,
 * and returns its trace fields for the messages that carry the work on.
 */
export function traceLaterWork(name: string, stored: StoredTrace, now: Date): Record<string, string> {
  if (stored.traceparent === null) return {};
  const { parent, links } = laterWorkOf(stored, now);
  const span = tracer().startSpan(name, { kind: SpanKind.PRODUCER, links }, parent);
  const fields = traceFields(trace.setSpan(ROOT_CONTEXT, span));
  span.end();
  return fields;
}

/** Runs work done later for a stored trace context in a span of its own (see laterWorkParent). */
export function inLaterWork<T>(name: string, stored: StoredTrace, now: Date, work: () => Promise<T>): Promise<T> {
  return inSpan(name, { kind: SpanKind.INTERNAL, ...laterWorkOf(stored, now) }, work);
}

function laterWorkOf(stored: StoredTrace, now: Date): { parent: Context; links: Link[] } {
  return laterWorkParent(storedTraceContext(stored.traceparent), stored.storedAt, now);
}

function linksTo(carriers: ReadonlyArray<Readonly<Record<string, string>>>): Link[] {
  return carriers.flatMap((carrier) => {
    const spanContext = trace.getSpanContext(traceContextOf(carrier));
    return spanContext ? [{ context: spanContext }] : [];
  });
}
