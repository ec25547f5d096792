import { ConsumerGroups } from '@app/contracts';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, schedulePost } from '../scenarios/lifecycle-fixtures';
import { adminOf } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { Scrape } from '../support/prometheus-text';
import { AppName } from '../support/distributed/app-process';
import { DistributedSystem } from '../support/distributed/distributed-system';

/** The families each app records (every app serves HTTP, if only its probes, and reads topics), and the consumer groups it subscribes. */
const EXPECTED: Record<AppName, { families: string[]; groups: string[] }> = {
  gateway: {
    // The gateway is the one that asks over request/reply: it times each request's phases.
    families: ['rpc_client_phase_seconds'],
    groups: [ConsumerGroups.gatewayAccounts, ConsumerGroups.gatewayPosts, ConsumerGroups.gatewayMedia, ConsumerGroups.gatewayDeadLetters],
  },
  'post-service': { families: ['posts_due_late_seconds'], groups: [ConsumerGroups.postCommands, ConsumerGroups.postServiceHeldInstants, ConsumerGroups.postServiceRecycling] },
  scheduler: { families: [], groups: [ConsumerGroups.scheduler, ConsumerGroups.schedulerWatchdog] },
  publisher: { families: ['publishing_attempts_total'], groups: [ConsumerGroups.publisher, ConsumerGroups.publisherAccounts] },
  'webhook-dispatcher': { families: ['webhook_deliveries_total', 'webhook_delivery_duration_seconds'], groups: [ConsumerGroups.webhookDispatcher, ConsumerGroups.webhookDispatcherAccounts] },
};

/**
 * Each app of the distributed system serves its own metrics on its port, without a token: after
 * a post is published with a webhook, every app has its families, and each reports the lag of its
 * own consumer groups only (so that no series comes from two apps).
 */
export function itServesTheMetricsOfEachApp(system: () => DistributedSystem): void {
  it('each app answers /metrics with its families and the lag of its own consumer groups', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const admin = adminOf(system());
      const workspace = await approverWorkspace(admin, 'Metrics');
      const account = await connectSandbox(admin, workspace);
      await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.published'] });
      const post = await schedulePost(admin, workspace, [account]);
      await receiver.waitFor(() => receiver.about(post.uuid, 'post.published')[0], LIFECYCLE_TIMEOUT_MS, 'post.published');
      // The dispatcher counts the attempt once the answer is in, a moment after the receiver has the request.
      const dispatcher = system().replica('webhook-dispatcher').baseUrl;
      await eventually(async () => (await Scrape.of(dispatcher)).value('webhook_deliveries_total', { outcome: 'succeeded' }), 'the delivery counted', within(10_000));

      // The lag is read with admin requests (DescribeGroups) that librdkafka's mock cluster does not answer.
      const lagKnown = system().kafkaKind !== 'mock Kafka cluster';
      if (!lagKnown) process.stderr.write('Not checking consumer_lag_messages: the mock Kafka cluster answers no DescribeGroups.\n');
      for (const [app, { families, groups }] of Object.entries(EXPECTED) as Array<[AppName, (typeof EXPECTED)[AppName]]>) {
        const scrape = await Scrape.of(system().replica(app).baseUrl);

        expect({ app, families: [...scrape.types.keys()].filter((family) => lagKnown || family !== 'consumer_lag_messages').sort() }).toEqual({
          app,
          families: [...(lagKnown ? ['consumer_lag_messages'] : []), 'http_server_request_duration_seconds', ...families].sort(),
        });
        if (lagKnown) expect({ app, groups: new Set(scrape.where('consumer_lag_messages').map((sample) => sample.labels.group)) }).toEqual({ app, groups: new Set(groups) });
      }
      const publisher = await Scrape.of(system().replica('publisher').baseUrl);
      expect(publisher.value('publishing_attempts_total', { provider: 'sandbox', outcome: 'published' })).toBeGreaterThanOrEqual(1);
      const gateway = await Scrape.of(system().baseUrl);
      expect(gateway.value('http_server_request_duration_seconds_count', { http_route: '/api/:workspaceUuid/posts', http_request_method: 'POST', http_response_status_code: '201' })).toBeGreaterThanOrEqual(1);
    } finally {
      await receiver.close();
    }
  });
}
