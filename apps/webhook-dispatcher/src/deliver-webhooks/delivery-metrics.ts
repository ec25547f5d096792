import { appMeter } from '@app/telemetry';
import { AttemptOutcome } from './retry-policy';
import { AttemptResult } from './webhook-sender';

const OUTCOMES: Record<AttemptOutcome['status'], string> = { succeeded: 'succeeded', failed: 'failed', pending: 'retrying' };

/**
 * `webhook_deliveries_total{outcome}`: every attempt of a delivery, by what came of it (succeeded;
 * retrying: it failed and will be made again; failed: it failed with no retry left, or the
 * endpoint is gone), and `webhook_delivery_duration_seconds`: how long each took, from sending the
 * request to the end of the answer, or to the error or the timeout.
 */
export class DeliveryMetrics {
  private readonly deliveries = appMeter().createCounter('webhook_deliveries_total', {
    description: 'Webhook delivery attempts, by outcome: succeeded, retrying, failed.',
  });
  private readonly durations = appMeter().createHistogram('webhook_delivery_duration_seconds', {
    description: 'Duration of webhook delivery attempts.',
    unit: 's',
  });

  attempted(result: AttemptResult, outcome: AttemptOutcome): void {
    this.deliveries.add(1, { outcome: OUTCOMES[outcome.status] });
    this.durations.record(result.durationMs / 1000);
  }
}
