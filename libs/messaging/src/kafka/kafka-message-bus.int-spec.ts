import { deadLetterTopic } from '../dead-letter';
import { Kafka, logLevel } from 'kafkajs';
import { eventually } from '@app/testing/eventually';
import { DeadLetterHeaders } from '../dead-letter';
import { ConsumerRetryPolicy } from '../delivery/consumer-retry-policy';
import { describeMessageBusContract } from '../testing/message-bus.contract';
import { describeMessageBusBatches } from '../testing/message-bus-batches.contract';
import { Gate, Inbox } from '../testing/inbox';
import { unique } from '../testing/unique-name';
import { KafkaMessageBus, KafkaMessageBusOptions } from './kafka-message-bus';
import { describeWithKafka } from '../testing/describe-with-kafka';
import { chooseKafkaWithConsumerLag, startTestKafkaCluster, TEST_KAFKA_START_TIMEOUT_MS, TestKafkaCluster } from '../testing/test-kafka-cluster';

// Joining a consumer group takes seconds (about 3 s for every new group on the mock cluster).
jest.setTimeout(60_000);

const RETRY: ConsumerRetryPolicy = { firstDelayMs: 10, maxDelayMs: 40, deadLetterAfterMs: 500 };
const busOptions = (cluster: TestKafkaCluster): KafkaMessageBusOptions => ({
  brokers: cluster.brokers,
  clientId: unique('test'),
  retry: RETRY,
  consumer: cluster.consumerTimings,
  logLevel: 'warn',
});

/** Why consumerLag (and deleting records) cannot be tested on this run's Kafka, if it cannot. */
const lagChoice = chooseKafkaWithConsumerLag();
const lagUnsupported = 'missing' in lagChoice ? lagChoice.missing : undefined;

describeWithKafka('KafkaMessageBus on Kafka', () => {
  describeMessageBusContract(
    'KafkaMessageBus',
    async () => {
      const cluster = await startTestKafkaCluster();
      return {
        openBus: async () => new KafkaMessageBus(busOptions(cluster)),
        partitions: 4,
        retry: RETRY,
        dispose: () => cluster.stop(),
      };
    },
    { consumerLagUnsupported: lagUnsupported },
  );

  describeMessageBusBatches('KafkaMessageBus', async () => {
    const cluster = await startTestKafkaCluster();
    return { openBus: async () => new KafkaMessageBus(busOptions(cluster)), partitions: 4, retry: RETRY, dispose: () => cluster.stop() };
  });

  describe('Kafka specifics', () => {
    let cluster: TestKafkaCluster;
    let kafka: Kafka;
    let buses: KafkaMessageBus[];
    let topic: string;

    const openBus = (): KafkaMessageBus => {
      const bus = new KafkaMessageBus(busOptions(cluster));
      buses.push(bus);
      return bus;
    };
    const committedOffsets = async (groupId: string): Promise<Record<number, string>> => {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
        return Object.fromEntries(offsets.partitions.map(({ partition, offset }) => [partition, offset]));
      } finally {
        await admin.disconnect();
      }
    };

    beforeAll(async () => {
      cluster = await startTestKafkaCluster();
      kafka = new Kafka({ brokers: cluster.brokers, clientId: 'test-inspector', logLevel: logLevel.NOTHING });
    }, TEST_KAFKA_START_TIMEOUT_MS);
    afterAll(async () => {
      await cluster?.stop();
    });
    beforeEach(() => {
      buses = [];
      topic = unique('kafka');
    });
    afterEach(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
    });

    it("leaves an idle connection alone: kafkajs's check of its empty request queue every millisecond is off", async () => {
      const bus = openBus();
      await bus.publish(topic, [{ key: 'idle', value: { n: 1 } }]);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const requestQueue = require('kafkajs/src/network/requestQueue') as { prototype: { checkPendingRequests(): void } };
      const checks = jest.spyOn(requestQueue.prototype, 'checkPendingRequests');
      try {
        await new Promise((resolve) => setTimeout(resolve, 500));
        // Left as kafkajs has it, each open connection checks its queue every millisecond: hundreds of times here.
        expect(checks.mock.calls.length).toBeLessThan(50);
      } finally {
        checks.mockRestore();
      }
    });

    it('commits only handled offsets when stopped, so the next member resumes after the last handled message', async () => {
      const bus = openBus();
      const groupId = unique('group');
      const stopping = new Gate();
      const first = new Inbox(async (message) => {
        if ((message.value as { seq: number }).seq === 3) {
          await stopping.opened;
          throw new Error('interrupted by the stop');
        }
      });
      await bus.publish(topic, [0, 1, 2, 3, 4].map((seq) => ({ key: 'post-1', value: { seq } })));
      const subscription = await bus.subscribe({ groupId, topics: [topic], handle: first.handle });
      await first.waitFor(3);

      const stopped = subscription.stop();
      stopping.open();
      await stopped;

      const partition = first.messages[0].partition;
      expect((await committedOffsets(groupId))[partition]).toBe(String(Number(first.messages[2].offset) + 1));
      const next = new Inbox();
      await openBus().subscribe({ groupId, topics: [topic], handle: next.handle });
      await next.waitFor(2);
      expect(next.values()).toEqual([{ seq: 3 }, { seq: 4 }]);
    });

    it('a member busy handling messages when another member leaves goes on consuming: a commit the rebalance refuses is no crash', async () => {
      const groupId = unique('group');
      const slowly = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
      const [leaving, staying] = [new Inbox(slowly), new Inbox(slowly)];
      const leaver = await openBus().subscribe({ groupId, topics: [topic], handle: leaving.handle });
      await openBus().subscribe({ groupId, topics: [topic], handle: staying.handle });
      const publisher = openBus();
      const send = (from: number, count: number) =>
        publisher.publish(topic, Array.from({ length: count }, (_, index) => ({ key: `post-${from + index}`, value: { seq: from + index } })));
      await send(0, 400);
      await eventually(() => leaving.messages.length > 0 && staying.messages.length > 0, 'both members to handle messages', { timeoutMs: 30_000 });

      // The rebalance starts while the staying member commits message after message.
      await leaver.stop();
      await send(400, 40);

      const handled = () => new Set([...leaving.values(), ...staying.values()].map((value) => (value as { seq: number }).seq));
      await eventually(() => handled().size === 440, 'every message to be handled by a member of the group', { timeoutMs: 30_000 });
    });

    it('moves a value that is not JSON to the dead-letter topic untouched, without calling the handler', async () => {
      const bus = openBus();
      const producer = kafka.producer();
      await producer.connect();
      await producer.send({ topic, messages: [{ key: 'post-1', value: 'not json {', headers: { 'event-id': 'e-0' } }] });
      await producer.disconnect();
      await bus.publish(topic, [{ key: 'post-1', value: { seq: 1 } }]);
      const inbox = new Inbox();
      const deadLetters: Array<{ value: string; headers: Record<string, string> }> = [];
      const reader = kafka.consumer({ groupId: unique('dlq-reader'), ...cluster.consumerTimings });
      await reader.connect();
      await reader.subscribe({ topic: deadLetterTopic(topic), fromBeginning: true });
      await reader.run({
        eachMessage: async ({ message }) => {
          const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]));
          deadLetters.push({ value: message.value!.toString(), headers });
        },
      });

      await bus.subscribe({ groupId: unique('group'), topics: [topic], handle: inbox.handle });

      try {
        await inbox.waitFor(1);
        expect(inbox.values()).toEqual([{ seq: 1 }]);
        await eventually(() => deadLetters.length === 1, 'the bad message to reach the dead-letter topic', { timeoutMs: 10_000 });
        expect(deadLetters[0].value).toBe('not json {');
        expect(deadLetters[0].headers).toMatchObject({
          'event-id': 'e-0',
          [DeadLetterHeaders.originalTopic]: topic,
          [DeadLetterHeaders.attempts]: '0',
        });
        expect(deadLetters[0].headers[DeadLetterHeaders.error]).toMatch(/^The message value is not JSON/);
      } finally {
        await reader.disconnect();
      }
    });

    it('sends a batch larger than one request in several, and every message arrives in order', async () => {
      const bus = new KafkaMessageBus({ ...busOptions(cluster), maxRequestBytes: 10_000 });
      buses.push(bus);
      const inbox = new Inbox();
      await bus.subscribe({ groupId: unique('group'), topics: [topic], handle: inbox.handle });
      const filler = 'x'.repeat(2_000);

      await bus.publish(topic, Array.from({ length: 40 }, (_, seq) => ({ key: 'post-1', value: { seq, filler } })));

      const received = await inbox.waitFor(40);
      expect(received.map((message) => (message.value as { seq: number }).seq)).toEqual(Array.from({ length: 40 }, (_, seq) => seq));
    });

    (lagUnsupported ? it.skip : it)(`counts the lag of a group that has committed nothing from the low watermark of each partition, not from offset 0${lagUnsupported ? ` (skipped: ${lagUnsupported})` : ''}`, async () => {
      const bus = openBus();
      const groupId = unique('group');
      await bus.publish(topic, [0, 1, 2, 3, 4].map((seq) => ({ key: 'post-1', value: { seq } })));
      const admin = kafka.admin();
      await admin.connect();
      try {
        const { partition } = (await admin.fetchTopicOffsets(topic)).find(({ high }) => high === '5')!;
        // What retention does: the first two messages are gone.
        await admin.deleteTopicRecords({ topic, partitions: [{ partition, offset: '2' }] });
      } finally {
        await admin.disconnect();
      }
      const release = new Gate();
      const entered: unknown[] = [];
      const held = new Inbox(async (message) => {
        entered.push(message.value);
        await release.opened;
      });
      await bus.subscribe({ groupId, topics: [topic], handle: held.handle });
      try {
        await eventually(() => entered.length === 1, 'the first message left to reach the handler', { timeoutMs: 10_000 });

        const lags = await bus.consumerLag([groupId]);

        expect(entered).toEqual([{ seq: 2 }]);
        expect(lags).toEqual([{ topic, group: groupId, lag: 3, partitions: 4 }]);
      } finally {
        release.open();
      }
    });

    it('refuses a second member of one group on the same bus, and a closed bus', async () => {
      const bus = openBus();
      const groupId = unique('group');
      await bus.subscribe({ groupId, topics: [topic], handle: async () => undefined });

      await expect(bus.subscribe({ groupId, topics: [topic], handle: async () => undefined })).rejects.toThrow(/already has a member/);
      await bus.close();
      await expect(bus.publish(topic, [{ key: 'k', value: 1 }])).rejects.toThrow('The message bus is closed.');
      await expect(bus.consumerLag()).rejects.toThrow('The message bus is closed.');
    });
  });
});
