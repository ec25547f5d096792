import { EventStore } from '../event-store.port';
import { appendAndReadContract } from './append-and-read.contract';
import { subscriptionContract } from './subscription.contract';

/**
 * What one adapter under test provides. Subscriptions of `store` must not poll for the
 * in-process wake-up test to mean something (poll interval of several seconds), while
 * `otherProcessStore` stands for another process over the same data and polls quickly.
 */
export interface EventStoreFixture {
  store: EventStore;
  otherProcessStore: EventStore;
  /** Pause the adapter waits before retrying a failed handler; tests wait a few of these. */
  retryDelayMs: number;
  dispose(): Promise<void>;
}

/** The contract every EventStore adapter meets. Tests share one fixture and use fresh streams. */
export function eventStoreContract(adapter: string, open: () => Promise<EventStoreFixture>): void {
  describe(`EventStore contract: ${adapter}`, () => {
    let fixture: EventStoreFixture;

    beforeAll(async () => {
      fixture = await open();
    });

    afterAll(async () => {
      await fixture?.dispose();
    });

    appendAndReadContract(() => fixture);
    subscriptionContract(() => fixture);
  });
}
