import { randomUUID } from 'node:crypto';
import { RpcMethods, WebhookView } from '@app/contracts';
import { prometheusText, SecondsBuckets } from '@app/telemetry';
import { answer, WebhookReceiver } from '@app/testing';
import { eventuallyPasses } from '@app/testing/eventually';
import { createdAndScheduled, DELIVERY_PATIENCE, WebhookDispatcherHarness } from './webhook-dispatcher-harness';

jest.setTimeout(30_000);

/** The value of each series of the exposition whose name starts with `prefix`, by name and labels. */
async function series(prefix: string): Promise<Record<string, number>> {
  const { text } = await prometheusText();
  const lines = text.split('\n').filter((line) => line.startsWith(prefix));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))]));
}

describe('webhook delivery metrics', () => {
  let dispatcher: WebhookDispatcherHarness;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    dispatcher = await WebhookDispatcherHarness.start({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_BASE_MS: '100', WEBHOOK_MAX_RETRIES: '1' });
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it('counts each attempt as succeeded, retrying or failed, and records how long it took', async () => {
    const [accepting, failing] = [await WebhookReceiver.start(answer(200)), await WebhookReceiver.start(answer(500))];
    receivers.push(accepting, failing);
    const workspaceUuid = randomUUID();
    for (const endpoint of [accepting, failing]) {
      await dispatcher.request<WebhookView>(RpcMethods.createWebhook, { scope: { workspaceUuid }, input: { url: endpoint.url(), events: ['post.scheduled'] } });
    }
    const postUuid = randomUUID();

    await dispatcher.publishPostEvents(postUuid, createdAndScheduled(postUuid, workspaceUuid));

    await eventuallyPasses(
      async () =>
        expect(await series('webhook_deliveries_total')).toEqual({
          'webhook_deliveries_total{outcome="succeeded"}': 1,
          'webhook_deliveries_total{outcome="retrying"}': 1,
          'webhook_deliveries_total{outcome="failed"}': 1,
        }),
      DELIVERY_PATIENCE,
    );
    const durations = await series('webhook_delivery_duration_seconds');
    expect(durations.webhook_delivery_duration_seconds_count).toBe(3);
    expect(durations.webhook_delivery_duration_seconds_sum).toBeGreaterThan(0);
    const bounds = Object.keys(durations).flatMap((name) => name.match(/le="([^"]+)"/)?.[1] ?? []);
    expect(bounds).toEqual([...SecondsBuckets.delivery.map(String), '+Inf']);
  });
});
