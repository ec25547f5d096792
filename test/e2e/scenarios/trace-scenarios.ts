import { randomBytes } from 'node:crypto';
import { adminOf, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { OtlpReceiver, ReceivedSpan } from '../support/otlp-receiver';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, postBody } from './lifecycle-fixtures';
import { SystemHandle } from './scenario';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';

/** The names the services export their spans under, as the running system names them. */
export interface TracedServices {
  /** The service that answers the API (the gateway). */
  api: string;
  /** Services that take part in publishing any post, each with spans in its trace (the scheduler too, when the post waits for its time). */
  all: readonly string[];
}

/** A post sent in a trace of the test's own (a W3C `traceparent` as a caller that traces sends it). */
export interface TracedPosts {
  traceId: string;
  /** The span of the caller, the parent of the request's. */
  callerSpanId: string;
  /** Sends a post for now, or for `at`, in the trace; its uuid. */
  send(at?: Date): Promise<string>;
}

/** A workspace with a sandbox account and a webhook of post.scheduled and post.published to `receiver`, to send traced posts. */
export async function tracedPosts(system: SystemHandle, receiver: WebhookReceiver): Promise<TracedPosts> {
  const admin = adminOf(system);
  const workspace = await approverWorkspace(admin, 'Traced');
  const account = await connectSandbox(admin, workspace);
  await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.scheduled', 'post.published'] });
  const traceId = randomBytes(16).toString('hex');
  const callerSpanId = randomBytes(8).toString('hex');
  const headers = { traceparent: `00-${traceId}-${callerSpanId}-01` };
  return {
    traceId,
    callerSpanId,
    send: async (at) => createdBody(await admin.post(`/api/${workspace}/posts`, postBody([account], at), { headers }), 'scheduling a traced post').uuid as string,
  };
}

/**
 * A post sent with a W3C `traceparent` is followed in that one trace from the request to its
 * webhooks: the request's span is the caller's child, every other span of the trace descends from
 * it, across each service the post goes through, and each webhook request carries the trace.
 */
export async function followOnePostInOneTrace(system: SystemHandle, otlp: OtlpReceiver, services: TracedServices): Promise<void> {
  const receiver = await WebhookReceiver.start();
  try {
    const { traceId, callerSpanId, send } = await tracedPosts(system, receiver);
    const postUuid = await send();

    const webhooks = await receiver.waitFor(
      () => {
        const [scheduled, published] = [receiver.about(postUuid, 'post.scheduled')[0], receiver.about(postUuid, 'post.published')[0]];
        return scheduled && published ? [scheduled, published] : null;
      },
      LIFECYCLE_TIMEOUT_MS,
      `post.scheduled and post.published of ${postUuid}`,
    );
    for (const webhook of webhooks) expect(webhook.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const spans = await eventually(
      () => {
        const inTrace = otlp.inTrace(traceId);
        const names = new Set(inTrace.map((span) => span.name));
        return names.has('webhook post.scheduled') && names.has('webhook post.published') && everyParentIn(inTrace, callerSpanId) ? inTrace : null;
      },
      `the spans of trace ${traceId}, from the request to both webhooks`,
      within(20_000),
    );
    const request = spans.filter((span) => span.parentSpanId === callerSpanId);
    expect(request.map((span) => ({ service: span.service, name: span.name }))).toEqual([{ service: services.api, name: 'POST /api/:workspaceUuid/posts' }]);
    expect([...new Set(spans.map((span) => span.service))]).toEqual(expect.arrayContaining([...services.all]));
    expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(['post-events consumed by publisher']));
  } finally {
    await receiver.close();
  }
}

/** Every span's parent is in the trace too (the request's is the caller's): nothing of it is missing or started apart. */
function everyParentIn(spans: readonly ReceivedSpan[], callerSpanId: string): boolean {
  const ids = new Set([callerSpanId, ...spans.map((span) => span.spanId)]);
  return spans.length > 0 && spans.every((span) => ids.has(span.parentSpanId));
}
