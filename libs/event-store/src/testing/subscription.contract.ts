import { eventually } from '@app/testing/eventually';
import { AllSubscription, EventStore, RecordedEvent } from '../event-store.port';
import type { EventStoreFixture } from './event-store.contract';
import { deferred, newEvent, newStreamId, sleep } from './test-helpers';

async function head(store: EventStore): Promise<number> {
  return (await store.appendToStream(newStreamId(), [newEvent('Marker')], 'no_stream')).position;
}

export function subscriptionContract(fixture: () => EventStoreFixture): void {
  const store = (): EventStore => fixture().store;

  describe('subscribeToAll', () => {
    const subscriptions: AllSubscription[] = [];
    const subscribe = (on: EventStore, after: number, onEvent: (event: RecordedEvent) => Promise<void>): AllSubscription => {
      const subscription = on.subscribeToAll(after, onEvent);
      subscriptions.push(subscription);
      return subscription;
    };

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
    });

    it('catches up, then follows appends of the same store at once, in order', async () => {
      const start = await head(store());
      const streamId = newStreamId();
      await store().appendToStream(streamId, [newEvent('E0'), newEvent('E1'), newEvent('E2')], 'no_stream');
      const seen: RecordedEvent[] = [];
      subscribe(store(), start, async (event) => {
        seen.push(event);
      });
      await eventually(() => seen.length === 3, 'catch-up');

      // Well under the fixture's poll interval: only the in-process wake-up can deliver this in time.
      await store().appendToStream(streamId, [newEvent('E3')], 2);
      await eventually(() => seen.length === 4, 'the live event', { timeoutMs: 2000 });
      await store().appendToStream(newStreamId(), [newEvent('X0')], 'no_stream');
      await store().appendToStream(streamId, [newEvent('E4')], 3);
      await eventually(() => seen.length === 6, 'more live events', { timeoutMs: 2000 });

      expect(seen.map((event) => event.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'X0', 'E4']);
      expect(seen.map((event) => event.position)).toEqual(
        (await store().readAll(start, 100)).map((event) => event.position),
      );
    });

    it('picks up appends made by another process', async () => {
      const start = await head(store());
      const seen: string[] = [];
      subscribe(fixture().otherProcessStore, start, async (event) => {
        seen.push(event.type);
      });
      const streamId = newStreamId();
      await store().appendToStream(streamId, [newEvent('E0')], 'no_stream');
      await eventually(() => seen.length === 1, 'the first event');
      await store().appendToStream(streamId, [newEvent('E1'), newEvent('E2')], 0);
      await eventually(() => seen.length === 3, 'the next events');
      expect(seen).toEqual(['E0', 'E1', 'E2']);
    });

    it('retries a failed handler with the same event after a pause, holding back later ones', async () => {
      const start = await head(store());
      await store().appendToStream(newStreamId(), [newEvent('E0'), newEvent('E1'), newEvent('E2')], 'no_stream');
      const calls: { type: string; id: string; at: number }[] = [];
      let failuresLeft = 2;
      subscribe(store(), start, async (event) => {
        calls.push({ type: event.type, id: event.id, at: Date.now() });
        if (event.type === 'E1' && failuresLeft-- > 0) throw new Error('handler down');
      });
      await eventually(() => calls.length === 5, 'all events after the retries');
      expect(calls.map((call) => call.type)).toEqual(['E0', 'E1', 'E1', 'E1', 'E2']);
      expect(new Set(calls.slice(1, 4).map((call) => call.id)).size).toBe(1);
      expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(fixture().retryDelayMs * 0.9);
      expect(calls[3].at - calls[2].at).toBeGreaterThanOrEqual(fixture().retryDelayMs * 0.9);
    });

    it('hands over one event at a time', async () => {
      const start = await head(store());
      let running = 0;
      let maxRunning = 0;
      const seen: string[] = [];
      subscribe(store(), start, async (event) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await sleep(5);
        seen.push(event.type);
        running--;
      });
      const streamId = newStreamId();
      for (let revision = 0; revision < 10; revision++) {
        await store().appendToStream(streamId, [newEvent(`E${revision}`)], revision === 0 ? 'no_stream' : revision - 1);
      }
      await eventually(() => seen.length === 10, 'all events');
      expect(maxRunning).toBe(1);
      expect(seen).toEqual(Array.from({ length: 10 }, (_, revision) => `E${revision}`));
    });

    it('stop waits for the handler in flight and delivers nothing afterwards', async () => {
      const start = await head(store());
      const release = deferred();
      const seen: string[] = [];
      let handling = false;
      const subscription = subscribe(store(), start, async (event) => {
        handling = true;
        await release.promise;
        seen.push(event.type);
      });
      await store().appendToStream(newStreamId(), [newEvent('E0'), newEvent('E1')], 'no_stream');
      await eventually(() => handling, 'the handler to start');

      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await sleep(50);
      expect(stopped).toBe(false);
      release.resolve();
      await stopping;
      expect(seen).toEqual(['E0']);

      await store().appendToStream(newStreamId(), [newEvent('E2')], 'no_stream');
      await sleep(100);
      expect(seen).toEqual(['E0']);
    });
  });
}
