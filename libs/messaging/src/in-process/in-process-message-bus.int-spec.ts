import { randomUUID } from 'node:crypto';
import { createThrowawayDatabase, PgliteSqlClient, PostgresSqlClient, SqlClient } from '@app/persistence';
import { IncomingMessage } from '../message-bus.port';
import { eventually, Gate, Inbox } from '../testing/inbox';
import { describeMessageBusContract, MessageBusContractFixture } from '../testing/message-bus.contract';
import { InProcessMessageBus, InProcessMessageBusOptions } from './in-process-message-bus';

/** A long poll interval: the contract must pass on the wake-up at publish alone. */
const contractOptions: InProcessMessageBusOptions = { partitions: 4, maxAttempts: 3, retryBackoffMs: 5, pollIntervalMs: 60_000 };

interface Database {
  sql: SqlClient;
  dispose(): Promise<void>;
}

const databases: Record<string, () => Promise<Database>> = {
  PGlite: async () => {
    const sql = await PgliteSqlClient.open();
    return { sql, dispose: () => sql.close() };
  },
  PostgreSQL: async () => {
    const database = await createThrowawayDatabase('sps_bus');
    const sql = new PostgresSqlClient(database.url);
    return {
      sql,
      dispose: async () => {
        await sql.close();
        await database.drop();
      },
    };
  },
};

for (const [name, open] of Object.entries(databases)) {
  describeMessageBusContract(`in-process on ${name}`, async (): Promise<MessageBusContractFixture> => {
    const { sql, dispose } = await open();
    return { partitions: 4, maxAttempts: 3, openBus: () => openBus(sql, contractOptions), dispose };
  });

  describe(`InProcessMessageBus on ${name}`, () => {
    let database: Database;
    let buses: InProcessMessageBus[];
    let topic: string;

    const bus = async (options: InProcessMessageBusOptions = {}): Promise<InProcessMessageBus> => {
      const opened = await openBus(database.sql, { pollIntervalMs: 60_000, retryBackoffMs: 5, ...options });
      buses.push(opened);
      return opened;
    };

    beforeAll(async () => {
      database = await open();
    });
    afterAll(async () => {
      await database?.dispose();
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

    it('finds messages another process wrote to the same database by polling', async () => {
      const consumerSide = await bus({ pollIntervalMs: 50 });
      const producerSide = await bus();
      const inbox = new Inbox();
      await consumerSide.subscribe({ groupId: 'group', topics: [topic], handle: inbox.handle });

      await producerSide.publish(topic, [{ key: 'post-1', value: { seq: 0 } }]);

      expect((await inbox.waitFor(1, 3_000)).map((message) => message.value)).toEqual([{ seq: 0 }]);
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
      const local = await bus({ retryBackoffMs: 30_000, maxAttempts: 5 });
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
      await eventually(() => attempts === 1, 'the first attempt failed');

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
      const committedPastBoth = async () =>
        (
          await database.sql.query<{ count: number }>(
            `SELECT count(*)::integer AS count FROM bus.committed_offsets WHERE group_id IN ('ahead', 'behind') AND topic = $1 AND next_offset >= 2`,
            [topic],
          )
        )[0].count === 2;
      for (const deadline = Date.now() + 10_000; !(await committedPastBoth()); ) {
        if (Date.now() > deadline) throw new Error('Timed out waiting until both groups committed past 0 and 1');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
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
        (await database.sql.query<{ count: number }>('SELECT count(*)::integer AS count FROM bus.messages WHERE topic = $1', [topic]))[0].count;
      const deadline = Date.now() + 3_000;
      while ((await stored()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
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
}

const sequence = (message: IncomingMessage): number => (message.value as { seq: number }).seq;

async function openBus(sql: SqlClient, options: InProcessMessageBusOptions): Promise<InProcessMessageBus> {
  const bus = new InProcessMessageBus(sql, options);
  await bus.migrate();
  return bus;
}
