import { IncomingMessage, InProcessMessageBus, Subscription } from '@app/messaging';
import { migrateSchema } from '@app/persistence';
import { testEngines } from '@app/persistence/testing';
import { eventually } from '@app/testing/eventually';
import { newEvent, newStreamId } from '../testing/test-helpers';
import { SqlEventStore } from '../sql/sql-event-store';
import { EventRelay } from './event-relay';
import { eventRelayMigration, RelayTables } from './relay-lease';

const SCHEMA = 'relay_test';

describe.each(testEngines)('EventRelay to the InProcessMessageBus on %s', (_engine, open) => {
  it('delivers every stored event to a consumer group, keyed by stream, in stream order', async () => {
    const { database, dispose } = await open();
    const relayTables = database.forSchema<RelayTables>(SCHEMA);
    const store = new SqlEventStore(database, { pollIntervalMs: 50 });
    const bus = new InProcessMessageBus(database, { pollIntervalMs: 50 });
    const toMessage = (event: { streamId: string; type: string; revision: number; id: string }) => ({
      topic: 'post-events',
      key: event.streamId,
      value: { type: event.type, revision: event.revision },
      headers: { 'event-id': event.id },
    });
    let relay = new EventRelay(relayTables, 'post-events', store, bus, toMessage, { acquireEveryMs: 50 });
    let subscription: Subscription | undefined;
    try {
      await store.migrate();
      await bus.migrate();
      await migrateSchema(relayTables, [eventRelayMigration]);
      const received: IncomingMessage[] = [];
      subscription = await bus.subscribe({
        groupId: 'relay-test',
        topics: ['post-events'],
        handle: async (message) => {
          received.push(message);
        },
      });
      const streams = [newStreamId(), newStreamId(), newStreamId()];
      for (const streamId of streams) await store.appendToStream(streamId, [newEvent('E0'), newEvent('E1')], 'no_stream');
      relay.start();
      await eventually(() => received.length === 6, 'the backlog on the bus');

      await relay.stop();
      for (const streamId of streams) await store.appendToStream(streamId, [newEvent('E2')], 1);
      relay = new EventRelay(relayTables, 'post-events', store, bus, toMessage, { acquireEveryMs: 50 });
      relay.start();
      await eventually(() => received.length === 9, 'the events appended while the relay was down');

      const stored = await store.readAll(-1, 100);
      expect(received.map((message) => message.headers['event-id']).sort()).toEqual(stored.map((event) => event.id).sort());
      for (const streamId of streams) {
        const ofStream = received.filter((message) => message.key === streamId);
        expect(ofStream.map((message) => (message.value as { revision: number }).revision)).toEqual([0, 1, 2]);
      }
    } finally {
      await relay.stop();
      await subscription?.stop();
      await bus.close();
      await store.close();
      await dispose();
    }
  });
});
