import { TEST_KAFKA_START_TIMEOUT_MS } from './test-kafka-cluster';
import { eventually } from '@app/testing/eventually';
import { deadLetterTopic } from '../dead-letter';
import { DeadLetterHeaders } from '../dead-letter';
import { ConsumerRetryPolicy } from '../delivery/consumer-retry-policy';
import { UnprocessableMessage } from '../delivery/unprocessable-message';
import { MessageBus, SubscribeOptions, Subscription } from '../message-bus.port';
import { describeConsumerLag } from './consumer-lag.contract';
import { Gate, Inbox } from './inbox';
import { unique } from './unique-name';

export interface MessageBusContractFixture {
  /** Opens a bus on the shared broker or database; opening another one is what a restarted process does. */
  openBus(): Promise<MessageBus>;
  /** Partitions of the topics the buses create. */
  partitions: number;
  /**
   * The buses' retry policy: short delays, and `deadLetterAfterMs` short enough for a test to see a
   * message that keeps failing reach the dead-letter topic.
   */
  retry: ConsumerRetryPolicy;
  /** Frees the broker or database; the suite closes the buses itself. */
  dispose(): Promise<void>;
}

const sequence = (value: unknown): number => (value as { seq: number }).seq;

/**
 * What every MessageBus adapter guarantees. Each test uses its own topics and groups, so one
 * fixture serves the whole suite.
 */
export function describeMessageBusContract(
  adapter: string,
  createFixture: () => Promise<MessageBusContractFixture>,
  options: { /** Why the test broker cannot tell the consumer lag, if it cannot. */ consumerLagUnsupported?: string } = {},
): void {
  describe(`MessageBus contract: ${adapter}`, () => {
    let fixture: MessageBusContractFixture;
    let buses: MessageBus[];
    let bus: MessageBus;
    let topic: string;

    const openBus = async (): Promise<MessageBus> => {
      const opened = await fixture.openBus();
      buses.push(opened);
      return opened;
    };
    const subscribe = (options: Omit<SubscribeOptions, 'topics'> & { topics?: string[]; on?: MessageBus }): Promise<Subscription> =>
      (options.on ?? bus).subscribe({ groupId: options.groupId, topics: options.topics ?? [topic], handle: options.handle });

    beforeAll(async () => {
      fixture = await createFixture();
    }, TEST_KAFKA_START_TIMEOUT_MS);
    afterAll(async () => {
      await fixture?.dispose();
    });
    beforeEach(async () => {
      buses = [];
      bus = await openBus();
      topic = unique('contract');
    });
    afterEach(async () => {
      await Promise.all((buses ?? []).map((opened) => opened.close()));
    });

    it('delivers what was published before the group subscribed, with its key, value and headers', async () => {
      const headers = { 'event-type': 'PostCreated', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', note: 'ünïcode ✓' };
      const before = Date.now();
      await bus.publish(topic, [{ key: 'post-1', value: { title: 'Hello', tags: ['a', 'b'], draft: null }, headers }]);
      const inbox = new Inbox();

      await subscribe({ groupId: unique('group'), handle: inbox.handle });

      const [message] = await inbox.waitFor(1);
      expect(message).toMatchObject({ topic, key: 'post-1', value: { title: 'Hello', tags: ['a', 'b'], draft: null }, headers });
      expect(message.partition).toBeGreaterThanOrEqual(0);
      expect(message.partition).toBeLessThan(fixture.partitions);
      expect(message.offset).toMatch(/^\d+$/);
      expect(Number(message.timestamp)).toBeGreaterThanOrEqual(before - 5_000);
      expect(Number(message.timestamp)).toBeLessThanOrEqual(Date.now() + 5_000);
    });

    it('keeps the messages of one key in the order they were published', async () => {
      const keys = ['post-a', 'post-b', 'post-c'];
      const inbox = new Inbox(() => new Promise((resolve) => setTimeout(resolve, Math.random() * 3)));
      await subscribe({ groupId: unique('group'), handle: inbox.handle });

      for (let seq = 0; seq < 20; seq += 1) {
        if (seq % 2 === 0) await bus.publish(topic, keys.map((key) => ({ key, value: { key, seq } })));
        else for (const key of keys) await bus.publish(topic, [{ key, value: { key, seq } }]);
      }

      await inbox.waitFor(60);
      for (const key of keys) {
        const ofKey = inbox.messages.filter((message) => message.key === key);
        expect(ofKey.map((message) => sequence(message.value))).toEqual([...Array(20).keys()]);
        expect(new Set(ofKey.map((message) => message.partition)).size).toBe(1);
      }
    });

    it('spreads keys over every partition and keeps each key on one', async () => {
      const keys = Array.from({ length: 40 }, (_, index) => `post-${index}`);
      await bus.publish(topic, keys.map((key) => ({ key, value: { seq: 0 } })));
      await bus.publish(topic, keys.map((key) => ({ key, value: { seq: 1 } })));
      const inbox = new Inbox();

      await subscribe({ groupId: unique('group'), handle: inbox.handle });

      await inbox.waitFor(80);
      const partitionsOfKey = new Map<string, Set<number>>();
      for (const { key, partition } of inbox.messages) partitionsOfKey.set(key, (partitionsOfKey.get(key) ?? new Set()).add(partition));
      expect([...partitionsOfKey.values()].every((partitions) => partitions.size === 1)).toBe(true);
      const used = new Set(inbox.messages.map((message) => message.partition));
      expect([...used].sort()).toEqual([...Array(fixture.partitions).keys()]);
    });

    it('reads partitions in parallel and each partition one message at a time', async () => {
      const keys = Array.from({ length: 20 }, (_, index) => `post-${index}`);
      const inFlight = new Map<number, number>();
      let mostInOnePartition = 0;
      let mostAtOnce = 0;
      const inbox = new Inbox(async ({ partition }) => {
        inFlight.set(partition, (inFlight.get(partition) ?? 0) + 1);
        mostInOnePartition = Math.max(mostInOnePartition, inFlight.get(partition)!);
        mostAtOnce = Math.max(mostAtOnce, [...inFlight.values()].reduce((sum, count) => sum + count, 0));
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight.set(partition, inFlight.get(partition)! - 1);
      });
      await bus.publish(topic, [0, 1, 2].flatMap((seq) => keys.map((key) => ({ key, value: { seq } }))));

      await subscribe({ groupId: unique('group'), handle: inbox.handle });

      await inbox.waitFor(60);
      expect(mostInOnePartition).toBe(1);
      expect(mostAtOnce).toBeGreaterThan(1);
    });

    it('gives concurrent publishes to one partition distinct, increasing offsets', async () => {
      await Promise.all(Array.from({ length: 30 }, (_, seq) => bus.publish(topic, [{ key: 'post-1', value: { seq } }])));
      const inbox = new Inbox();

      await subscribe({ groupId: unique('group'), handle: inbox.handle });

      const messages = await inbox.waitFor(30);
      const offsets = messages.map((message) => Number(message.offset));
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      expect(new Set(offsets).size).toBe(30);
      expect(messages.map((message) => sequence(message.value)).sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
    });

    it('gives every message to each consumer group', async () => {
      const first = new Inbox();
      const second = new Inbox();
      await subscribe({ groupId: unique('first'), handle: first.handle });
      await subscribe({ groupId: unique('second'), handle: second.handle });

      await bus.publish(topic, Array.from({ length: 10 }, (_, seq) => ({ key: `post-${seq % 3}`, value: { seq } })));

      for (const inbox of [first, second]) {
        await inbox.waitFor(10);
        expect(inbox.values().map(sequence).sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
      }
    });

    it('delivers again a message whose handler had not finished when its consumer stopped', async () => {
      const groupId = unique('group');
      const stopping = new Gate();
      let deliveries = 0;
      const interrupted = new Inbox(async () => {
        deliveries += 1;
        await stopping.opened;
        throw new Error('the process is going down');
      });
      await bus.publish(topic, [0, 1].map((seq) => ({ key: 'post-1', value: { seq } })));
      const subscription = await subscribe({ groupId, handle: interrupted.handle });
      await eventually(() => deliveries === 1, 'the first message to reach the handler', { timeoutMs: 10_000 });

      const stopped = subscription.stop();
      stopping.open();
      await stopped;
      const resumed = new Inbox();
      await subscribe({ groupId, handle: resumed.handle });

      await resumed.waitFor(2);
      expect(resumed.values().map(sequence)).toEqual([0, 1]);
      expect(interrupted.messages).toHaveLength(0);
    });

    it('lets the message in the handler finish when stopping, and commits it', async () => {
      const groupId = unique('group');
      const release = new Gate();
      let entered = 0;
      const slow = new Inbox(() => {
        entered += 1;
        return release.opened;
      });
      await bus.publish(topic, [{ key: 'post-1', value: { seq: 0 } }]);
      const subscription = await subscribe({ groupId, handle: slow.handle });
      await eventually(() => entered === 1, 'the message to reach the handler', { timeoutMs: 10_000 });

      let stopResolved = false;
      const stopped = subscription.stop().then(() => (stopResolved = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopResolved).toBe(false);
      release.open();
      await stopped;
      expect(slow.values().map(sequence)).toEqual([0]);

      const next = new Inbox();
      await subscribe({ groupId, handle: next.handle });
      await bus.publish(topic, [{ key: 'post-1', value: { seq: 1 } }]);
      await next.waitFor(1);
      expect(next.values().map(sequence)).toEqual([1]);
    });

    it('resumes a group from its committed offsets after a restart', async () => {
      const groupId = unique('group');
      const beforeRestart = new Inbox();
      await subscribe({ groupId, handle: beforeRestart.handle });
      await bus.publish(topic, [0, 1, 2].map((seq) => ({ key: 'post-1', value: { seq } })));
      await beforeRestart.waitFor(3);
      await bus.close();

      const restarted = await openBus();
      await restarted.publish(topic, [{ key: 'post-1', value: { seq: 3 } }]);
      const afterRestart = new Inbox();
      await subscribe({ groupId, handle: afterRestart.handle, on: restarted });

      // One key, one partition: a redelivered old message would arrive before the new one.
      await afterRestart.waitFor(1);
      expect(afterRestart.values().map(sequence)).toEqual([3]);
    });

    it('retries a failing handler and goes on once it succeeds', async () => {
      let attempts = 0;
      const inbox = new Inbox((message) => {
        if (sequence(message.value) === 0 && ++attempts < 3) throw new Error(`flaky attempt ${attempts}`);
      });
      await subscribe({ groupId: unique('group'), handle: inbox.handle });

      await bus.publish(topic, [0, 1].map((seq) => ({ key: 'post-1', value: { seq } })));

      await inbox.waitFor(2);
      expect(attempts).toBe(3);
      expect(inbox.values().map(sequence)).toEqual([0, 1]);
    });

    it('retries a failing message in place, past any count of attempts, until it is handled; nothing is dead-lettered', async () => {
      let attempts = 0;
      const inbox = new Inbox((message) => {
        if (sequence(message.value) === 0 && ++attempts < 9) throw new Error(`database unreachable (attempt ${attempts})`);
      });
      const deadLetters = new Inbox();
      await subscribe({ groupId: unique('group'), handle: inbox.handle });
      await subscribe({ groupId: unique('dlq-reader'), topics: [deadLetterTopic(topic)], handle: deadLetters.handle });

      await bus.publish(topic, [0, 1].map((seq) => ({ key: 'post-1', value: { seq } })));

      await inbox.waitFor(2);
      expect(attempts).toBe(9);
      expect(inbox.values().map(sequence)).toEqual([0, 1]);
      expect(deadLetters.values()).toEqual([]);
    });

    it('moves a message that can never be handled to <topic>.dlq at once, saying why and where from, and goes on', async () => {
      let poisonAttempts = 0;
      const inbox = new Inbox((message) => {
        if (sequence(message.value) === 0) {
          poisonAttempts += 1;
          throw new UnprocessableMessage('not a post event');
        }
      });
      const { letter, groupId, failed } = await deadLetterOf(inbox);
      expect(poisonAttempts).toBe(1);
      expect(letter.headers).toEqual({
        'event-id': 'e-0',
        [DeadLetterHeaders.error]: 'not a post event',
        [DeadLetterHeaders.originalTopic]: topic,
        [DeadLetterHeaders.originalPartition]: String(failed.partition),
        [DeadLetterHeaders.originalOffset]: String(Number(failed.offset) - 1),
        [DeadLetterHeaders.groupId]: groupId,
        [DeadLetterHeaders.attempts]: '1',
      });
    });

    it('moves a message that still fails after the retry time limit to <topic>.dlq, and goes on', async () => {
      let poisonAttempts = 0;
      const startedAt = Date.now();
      const inbox = new Inbox((message) => {
        if (sequence(message.value) === 0) {
          poisonAttempts += 1;
          throw new Error('cannot handle this post');
        }
      });
      const { letter } = await deadLetterOf(inbox);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(fixture.retry.deadLetterAfterMs);
      expect(poisonAttempts).toBeGreaterThan(1);
      expect(letter.headers[DeadLetterHeaders.error]).toBe('cannot handle this post');
      expect(letter.headers[DeadLetterHeaders.attempts]).toBe(String(poisonAttempts));
    });

    it('keeps retrying a lasting failure past the retry time limit for a group that keeps retrying, and still dead-letters what can never be handled', async () => {
      const deadLetters = new Inbox();
      await subscribe({ groupId: unique('dlq-reader'), topics: [deadLetterTopic(topic)], handle: deadLetters.handle });
      const failUntil = Date.now() + fixture.retry.deadLetterAfterMs * 3;
      const inbox = new Inbox((message) => {
        if (sequence(message.value) === 0 && Date.now() < failUntil) throw new Error('the database does not answer');
        if (sequence(message.value) === 2) throw new UnprocessableMessage('not a message of this topic');
      });
      await bus.subscribe({ groupId: unique('keeps-retrying'), topics: [topic], handle: inbox.handle, keepRetrying: true });

      await bus.publish(topic, [0, 1, 2].map((seq) => ({ key: 'post-1', value: { seq } })));

      await inbox.waitFor(2);
      expect(Date.now()).toBeGreaterThanOrEqual(failUntil);
      expect(inbox.values().map(sequence)).toEqual([0, 1]);
      const [letter] = await deadLetters.waitFor(1);
      expect(letter.value).toEqual({ seq: 2 });
    });

    describeConsumerLag(() => ({ bus, topic, partitions: fixture.partitions }), options.consumerLagUnsupported);

    /** Publishes a message that fails (seq 0) and one that does not (seq 1) and returns the dead letter of the first. */
    async function deadLetterOf(inbox: Inbox) {
      const deadLetters = new Inbox();
      const groupId = unique('group');
      await subscribe({ groupId, handle: inbox.handle });
      await subscribe({ groupId: unique('dlq-reader'), topics: [deadLetterTopic(topic)], handle: deadLetters.handle });

      await bus.publish(topic, [
        { key: 'post-1', value: { seq: 0 }, headers: { 'event-id': 'e-0' } },
        { key: 'post-1', value: { seq: 1 }, headers: { 'event-id': 'e-1' } },
      ]);

      await inbox.waitFor(1);
      expect(inbox.values().map(sequence)).toEqual([1]);
      const [letter] = await deadLetters.waitFor(1);
      expect(letter).toMatchObject({ topic: deadLetterTopic(topic), key: 'post-1', value: { seq: 0 } });
      return { letter, groupId, failed: inbox.messages[0] };
    }
  });
}
