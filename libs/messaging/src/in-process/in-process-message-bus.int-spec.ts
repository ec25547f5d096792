import { randomUUID } from 'node:crypto';
import { SchemaDatabase, SqlDatabase } from '@app/persistence';
import { testEngines } from '@app/persistence/testing';
import { eventually } from '@app/testing/eventually';
import { ConsumerRetryPolicy } from '../delivery/consumer-retry-policy';
import { IncomingMessage } from '../message-bus.port';
import { Gate, Inbox } from '../testing/inbox';
import { describeMessageBusContract, MessageBusContractFixture } from '../testing/message-bus.contract';
import { describeMessageBusBatches } from '../testing/message-bus-batches.contract';
import { InProcessMessageBus, InProcessMessageBusOptions } from './in-process-message-bus';
import { LockedOffsets, RememberedOffsets } from './log-writer';
import { BUS_SCHEMA, BusTables } from './message-log';
import { partitionForKey } from './partitioner';

/** A long poll interval: the contract must pass on the wake-up at publish alone. */
const retry: ConsumerRetryPolicy = { firstDelayMs: 5, maxDelayMs: 20, deadLetterAfterMs: 300 };
const contractOptions: InProcessMessageBusOptions = { partitions: 4, retry, pollIntervalMs: 60_000 };

describe.each(testEngines)('in-process bus on %s', (engine, open) => {
  const fixture = async (): Promise<MessageBusContractFixture> => {
    const { database, dispose } = await open();
    return { partitions: 4, retry, openBus: () => openBus(database, contractOptions), dispose };
  };
  describeMessageBusContract(`in-process on ${engine}`, fixture);
  describeMessageBusBatches(`in-process on ${engine}`, fixture);

  describe(`InProcessMessageBus on ${engine}`, () => {
    let database: SqlDatabase;
    let dispose: () => Promise<void>;
    let buses: InProcessMessageBus[];
    let topic: string;

    const bus = async (options: InProcessMessageBusOptions = {}): Promise<InProcessMessageBus> => {
      const opened = await openBus(database, { pollIntervalMs: 60_000, retry: { firstDelayMs: 5 }, ...options });
      buses.push(opened);
      return opened;
    };
    const log = () => database.forSchema<BusTables>(BUS_SCHEMA);

    beforeAll(async () => {
      ({ database, dispose } = await open());
    });
    afterAll(async () => {
      await dispose?.();
    });
    beforeEach(() => {
      buses = [];
      topic = `bus-${randomUUID().slice(0, 8)}`;
    });
    afterEach(async () => {
      await Promise.all(buses.map((opened) => opened.close()));
    });

    it('numbers the messages of a partition from 0 without gaps', async () => {
      const local = await bus();
      await Promise.all([0, 1, 2, 3, 4].map((seq) => local.publish(topic, [{ key: 'post-1', value: { seq } }])));
      await local.publish(topic, [5, 6].map((seq) => ({ key: 'post-1', value: { seq } })));
      const inbox = new Inbox();

      await local.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });

      expect((await inbox.waitFor(7)).map((message) => message.offset)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    });

    it('refuses a second member of a consumer group in this process until the first stopped', async () => {
      const local = await bus();
      const first = await local.subscribe({ groupId: 'group', topics: [topic], handle: async () => undefined });

      await expect(local.subscribe({ groupId: 'group', topics: ['other'], handle: async () => undefined })).rejects.toThrow(
        'Consumer group "group" already has a member in this process; stop it before subscribing again.',
      );

      await first.stop();
      await expect(local.subscribe({ groupId: 'group', topics: [topic], handle: async () => undefined })).resolves.toBeDefined();
    });

    it('stops promptly at any moment of reading, even with nothing to read for a long time', async () => {
      const local = await bus({ pollIntervalMs: 60_000 });
      const started = Date.now();
      for (let round = 0; round < 20; round += 1) {
        const subscription = await local.subscribe({ groupId: 'group', topics: [topic], handle: async () => undefined });
        await new Promise((resolve) => setTimeout(resolve, round % 5));
        await subscription.stop();
      }
      expect(Date.now() - started).toBeLessThan(4_000);
    });

    it('hands a message published in this process to an idle consumer at once, without waiting for the poll', async () => {
      const local = await bus({ pollIntervalMs: 60_000 });
      const inbox = new Inbox();
      await local.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });
      await new Promise((resolve) => setTimeout(resolve, 100));

      const publishedAt = Date.now();
      await local.publish(topic, [{ key: 'post-1', value: { seq: 0 } }]);

      await inbox.waitFor(1);
      expect(Date.now() - publishedAt).toBeLessThan(1_000);
    });

    it('wakes the consumers of every bus on the same database when one of them publishes', async () => {
      const consumerSide = await bus({ pollIntervalMs: 60_000 });
      const producerSide = await bus({ pollIntervalMs: 60_000 });
      const inbox = new Inbox();
      await consumerSide.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });
      await new Promise((resolve) => setTimeout(resolve, 100));

      const publishedAt = Date.now();
      await producerSide.publish(topic, [{ key: 'post-1', value: { seq: 0 } }]);

      expect((await inbox.waitFor(1)).map((message) => message.value)).toEqual([{ seq: 0 }]);
      expect(Date.now() - publishedAt).toBeLessThan(1_000);
    });

    it('finds by polling what another process appended to the log it shares', async () => {
      const consumerSide = await bus({ pollIntervalMs: 50 });
      const inbox = new Inbox();
      await consumerSide.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });

      const otherProcess = new LockedOffsets(log());
      await otherProcess.append(topic, [{ partition: partitionForKey('post-1', 4), messages: [{ key: 'post-1', value: { seq: 0 } }] }]);

      expect((await inbox.waitFor(1, 3_000)).map((message) => message.value)).toEqual([{ seq: 0 }]);
    });

    it('gives writers that share the log distinct offsets, without gaps, in the order they commit', async () => {
      const inbox = new Inbox();
      await (await bus({ pollIntervalMs: 50 })).subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });
      const partition = partitionForKey('post-1', 4);
      const writers = ['a', 'b', 'c'].map((name) => ({ name, appender: new LockedOffsets(log()) }));

      // The writers append at once, each one message after the other.
      await Promise.all(
        writers.map(async ({ name, appender }) => {
          for (let seq = 0; seq < 10; seq += 1) await appender.append(topic, [{ partition, messages: [{ key: 'post-1', value: { writer: name, seq } }] }]);
        }),
      );

      const messages = await inbox.waitFor(30);
      expect(messages.map((message) => Number(message.offset))).toEqual([...Array(30).keys()]);
      const values = messages.map((message) => message.value as { writer: string; seq: number });
      for (const { name } of writers) {
        expect(values.filter((value) => value.writer === name).map((value) => value.seq)).toEqual([...Array(10).keys()]);
      }
    });

    it('commits what was handled shortly after, and at once when the group stops', async () => {
      const local = await bus();
      const inbox = new Inbox();
      const group = await local.subscribe({ groupId: 'committer', topics: [topic], handle: inbox.handle });
      for (const seq of [0, 1, 2]) {
        await local.publish(topic, [{ key: 'post-1', value: { seq } }]);
        await inbox.waitFor(seq + 1);
      }
      await eventually(async () => (await committed(log(), 'committer', topic)) === 3, 'the group to commit the three messages', { timeoutMs: 10_000 });
      await local.publish(topic, [{ key: 'post-1', value: { seq: 3 } }]);
      await inbox.waitFor(4);
      await group.stop();
      expect(await committed(log(), 'committer', topic)).toBe(4);
    });

    it('goes on numbering after a restart, also once retention deleted every message of the partition', async () => {
      const local = await bus();
      const inbox = new Inbox();
      await local.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });
      await local.publish(topic, [0, 1].map((seq) => ({ key: 'post-1', value: { seq } })));
      await inbox.waitFor(2);
      await eventually(async () => (await committed(log(), 'group', topic)) === 2, 'the group to commit both messages', { timeoutMs: 10_000 });
      await local.deleteConsumedMessages(0);
      expect(await log().db.selectFrom('messages').select('offset').where('topic', '=', topic).execute()).toEqual([]);

      // A process started afresh reads the partition's next offset from the database.
      const restarted = new RememberedOffsets(log());
      await restarted.append(topic, [{ partition: partitionForKey('post-1', 4), messages: [{ key: 'post-1', value: { seq: 2 } }] }]);

      const rows = await log().db.selectFrom('messages').select(['offset', 'partition']).where('topic', '=', topic).execute();
      expect(rows.map((row) => Number(row.offset))).toEqual([2]);
    });

    it('publishes a batch larger than one insert in order', async () => {
      const local = await bus();
      const count = 1_234;
      await local.publish(topic, Array.from({ length: count }, (_, seq) => ({ key: 'post-1', value: { seq } })));
      const inbox = new Inbox();

      await local.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });

      const messages = await inbox.waitFor(count);
      expect(messages.map((message) => Number(message.offset))).toEqual([...Array(count).keys()]);
      expect(messages.map(sequence)).toEqual([...Array(count).keys()]);
    });

    it('keeps the partition count a topic was created with', async () => {
      await (await bus({ partitions: 2 })).publish(topic, [{ key: 'post-0', value: {} }]);
      const widerBus = await bus({ partitions: 8 });
      await widerBus.publish(topic, Array.from({ length: 40 }, (_, index) => ({ key: `post-${index}`, value: {} })));
      const inbox = new Inbox();

      await widerBus.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });

      const partitions = new Set((await inbox.waitFor(41)).map((message) => message.partition));
      expect([...partitions].sort()).toEqual([0, 1]);
    });

    it('stops during the backoff of a failing handler without committing the message', async () => {
      const local = await bus({ retry: { firstDelayMs: 30_000 } });
      let attempts = 0;
      await local.publish(topic, [{ key: 'post-1', value: { seq: 0 } }]);
      const failing = await local.subscribe({
        groupId: 'group',
        topics: [topic],
        handle: async () => {
          attempts += 1;
          throw new Error('downstream is down');
        },
      });
      await eventually(() => attempts === 1, 'the first attempt to fail', { timeoutMs: 10_000 });

      const stopStarted = Date.now();
      await failing.stop();

      expect(Date.now() - stopStarted).toBeLessThan(1_000);
      const inbox = new Inbox();
      await local.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });
      expect((await inbox.waitFor(1)).map((message) => message.value)).toEqual([{ seq: 0 }]);
      expect(attempts).toBe(1);
    });

    it('deletes old messages every group has consumed and keeps the rest', async () => {
      const local = await bus();
      // Retention covers the whole log: first clear what the earlier tests left consumed.
      await local.deleteConsumedMessages(0);
      const ahead = new Inbox();
      const stuck = new Gate();
      const behind = new Inbox((message) => (sequence(message) === 2 ? stuck.opened : undefined));
      await local.subscribe({ groupId: 'ahead', topics: [topic], handle: ahead.handle });
      await local.subscribe({ groupId: 'behind', topics: [topic], handle: behind.handle });
      // Offsets are committed per fetched batch: 0 and 1 are one batch both groups finish.
      await local.publish(topic, [0, 1].map((seq) => ({ key: 'post-1', value: { seq } })));
      await ahead.waitFor(2);
      await behind.waitFor(2);
      await eventually(
        async () => (await committed(log(), 'ahead', topic)) >= 2 && (await committed(log(), 'behind', topic)) >= 2,
        'both groups to commit past 0 and 1',
        { timeoutMs: 10_000 },
      );
      await local.publish(topic, [2, 3].map((seq) => ({ key: 'post-1', value: { seq } })));
      await ahead.waitFor(4);

      expect(await local.deleteConsumedMessages(60_000)).toBe(0);
      expect(await local.deleteConsumedMessages(0)).toBe(2);

      const latecomer = new Inbox();
      await local.subscribe({ groupId: 'latecomer', topics: [topic], handle: latecomer.handle });
      expect((await latecomer.waitFor(2)).map((message) => message.offset)).toEqual(['2', '3']);
      stuck.open();
    });

    it('applies retention on its own when given a retention period', async () => {
      const local = await bus({ retentionMs: 20 });
      const inbox = new Inbox();
      await local.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });
      await local.publish(topic, [0, 1].map((seq) => ({ key: 'post-1', value: { seq } })));
      await inbox.waitFor(2);

      const stored = async (): Promise<number> =>
        (await log().db.selectFrom('messages').select('offset').where('topic', '=', topic).execute()).length;
      await eventually(async () => (await stored()) === 0, 'retention to delete the consumed messages', { timeoutMs: 3_000 });
      expect(await stored()).toBe(0);
    });

    it('refuses to publish or subscribe once closed', async () => {
      const local = await bus();
      await local.close();

      await expect(local.publish(topic, [{ key: 'post-1', value: {} }])).rejects.toThrow('The message bus is closed.');
      await expect(local.subscribe({ groupId: 'group', topics: [topic], handle: async () => undefined })).rejects.toThrow(
        'The message bus is closed.',
      );
    });
  });
});

const sequence = (message: IncomingMessage): number => (message.value as { seq: number }).seq;

/** The next offset `groupId` committed on the topic, summed over its partitions (the tests use one key). */
async function committed(log: SchemaDatabase<BusTables>, groupId: string, topic: string): Promise<number> {
  const rows = await log.db.selectFrom('committed_offsets').select('next_offset').where('group_id', '=', groupId).where('topic', '=', topic).execute();
  return rows.reduce((sum, row) => sum + Number(row.next_offset), 0);
}

async function openBus(database: SqlDatabase, options: InProcessMessageBusOptions): Promise<InProcessMessageBus> {
  const bus = new InProcessMessageBus(database, options);
  await bus.migrate();
  return bus;
}
