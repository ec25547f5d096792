import { Logger } from '@nestjs/common';
import type { ObservableResult } from '@opentelemetry/api';
import { appMeter } from '@app/telemetry';
import { ConsumerLag, MessageBus } from '../message-bus.port';
import { errorMessage } from '@app/errors';

/** A scrape asks the bus (the broker) at most this often; the scrapes in between get the last answer. */
export const LAG_LOOKUP_INTERVAL_MS = 5_000;

/**
 * `consumer_lag_messages{topic, group}`: how many messages the app's consumer groups have not
 * committed yet, per topic, observed when the metrics are collected. Only the groups this app
 * subscribed, so that apps sharing a broker do not report the same series. When the bus cannot
 * answer, nothing is observed: the series keep the last value read (the SDK reports every series
 * it has seen) and a warning says that the lag is not being read.
 */
export class ConsumerLagGauge {
  private readonly gauge = appMeter().createObservableGauge('consumer_lag_messages', {
    description: 'Messages a consumer group has not committed yet, summed over the partitions of the topic.',
    unit: '{message}',
  });
  private last?: { at: number; lags: ConsumerLag[] };
  private lookup?: Promise<ConsumerLag[]>;
  private failing = false;

  private readonly observe = async (result: ObservableResult): Promise<void> => {
    for (const { topic, group, lag } of await this.current()) result.observe(lag, { topic, group });
  };

  constructor(
    private readonly bus: MessageBus,
    private readonly groups: readonly string[],
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.gauge.addCallback(this.observe);
  }

  /** Observes no more (the bus is closing). */
  stop(): void {
    this.gauge.removeCallback(this.observe);
  }

  private current(): Promise<ConsumerLag[]> {
    if (this.last && this.now() - this.last.at < LAG_LOOKUP_INTERVAL_MS) return Promise.resolve(this.last.lags);
    this.lookup ??= this.bus
      .consumerLag(this.groups)
      .then((lags) => {
        this.failing = false;
        return lags;
      })
      .catch((error: unknown) => {
        // Said once per outage: every scrape would say it again.
        if (!this.failing) this.logger.warn(`The lag of the consumer groups could not be read: ${errorMessage(error)}`);
        this.failing = true;
        return [];
      })
      .then((lags) => {
        this.last = { at: this.now(), lags };
        return lags;
      })
      .finally(() => (this.lookup = undefined));
    return this.lookup;
  }
}
