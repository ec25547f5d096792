import { describeWithKafka } from '@app/messaging/testing';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { followOnePostInOneTrace, tracedPosts } from '../scenarios/trace-scenarios';
import { LIFECYCLE_ENV, LIFECYCLE_TIMEOUT_MS, secondsAhead } from '../scenarios/lifecycle-fixtures';
import { DistributedSystem } from '../support/distributed/distributed-system';
import { within } from '../support/fixtures';
import { OtlpReceiver } from '../support/otlp-receiver';

jest.setTimeout(120_000);

describeWithKafka('one trace per post, distributed: each app traced by the OpenTelemetry variables alone, the trace carried over Kafka', () => {
  let otlp: OtlpReceiver;
  let system: DistributedSystem;

  beforeAll(async () => {
    otlp = await OtlpReceiver.start();
    system = await DistributedSystem.start({ env: { ...LIFECYCLE_ENV, ...otlp.env } });
  });
  afterAll(async () => {
    await system?.dispose();
    await otlp?.close();
  });

  it('follows a post sent with a traceparent in that trace through the gateway, the post-service, the publisher and the webhook-dispatcher', () =>
    followOnePostInOneTrace(system, otlp, {
      api: 'social-publishing-gateway',
      all: ['gateway', 'post-service', 'publisher', 'webhook-dispatcher'].map((app) => `social-publishing-${app}`),
    }));

  it('starts a new trace, linked to the request, for a post published more than an hour after the request', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const { traceId, send } = await tracedPosts(system, receiver);
      const postUuid = await send(secondsAhead(10));
      // The timer, as the scheduler would hold it had the request come two hours before the post's time.
      await eventually(
        async () => (await system.query(`UPDATE scheduler.timers SET traced_at = traced_at - interval '2 hours' WHERE post_uuid = $1 RETURNING post_uuid`, [postUuid])).length,
        'the timer of the post',
        within(8_000),
      );

      const published = await receiver.waitFor(() => receiver.about(postUuid, 'post.published')[0], LIFECYCLE_TIMEOUT_MS, 'post.published');
      const [scheduled] = receiver.about(postUuid, 'post.scheduled');
      expect(scheduled!.headers.traceparent).toContain(`-${traceId}-`);
      const publishedTraceId = String(published.headers.traceparent).split('-')[1];
      expect(publishedTraceId).toMatch(/^[0-9a-f]{32}$/);
      expect(publishedTraceId).not.toBe(traceId);

      const due = await eventually(
        () => otlp.inTrace(publishedTraceId).find((span) => span.name === 'scheduled post due'),
        'the span of the timer that started the new trace',
        within(20_000),
      );
      expect(due).toMatchObject({ service: 'social-publishing-scheduler', parentSpanId: '' });
      expect(due.links.map((link) => link.traceId)).toEqual([traceId]);
    } finally {
      await receiver.close();
    }
  });
});
