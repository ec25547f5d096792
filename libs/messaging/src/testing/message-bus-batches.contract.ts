import { TEST_KAFKA_START_TIMEOUT_MS } from './test-kafka-cluster';
import { eventually } from '@app/testing/eventually';
import { deadLetterTopic } from '../dead-letter';
import { UnprocessableMessage } from '../delivery/unprocessable-message';
import { IncomingMessage, MessageBus } from '../message-bus.port';
import { Inbox } from './inbox';
import { MessageBusContractFixture } from './message-bus.contract';
import { unique } from './unique-name';

const seqs = (messages: readonly IncomingMessage[]) => messages.map((message) => (message.value as { seq: number }).seq);

/**
 * What every MessageBus adapter guarantees to a group with a batch handler (SubscribeOptions.handleBatch):
 * the messages of a partition it fetched together reach the handler in one call, in order, and a
 * batch that fails is handed over one message at a time, with the retries and dead letters of one.
 */
export function describeMessageBusBatches(adapter: string, createFixture: () => Promise<MessageBusContractFixture>): void {
  describe(`MessageBus batches: ${adapter}`, () => {
    let fixture: MessageBusContractFixture;
    let bus: MessageBus;
    let topic: string;

    beforeAll(async () => {
      fixture = await createFixture();
    }, TEST_KAFKA_START_TIMEOUT_MS);
    afterAll(async () => {
      await fixture?.dispose();
    });
    beforeEach(async () => {
      bus = await fixture.openBus();
      topic = unique('batches');
    });
    afterEach(async () => {
      await bus?.close();
    });

    it('hands the messages waiting in a partition to the batch handler together, in offset order', async () => {
      await bus.publish(topic, [0, 1, 2, 3, 4].map((seq) => ({ key: 'post-1', value: { seq } })));
      const batches: number[][] = [];
      const single = new Inbox();

      await bus.subscribe({ groupId: unique('group'), topics: [topic], handle: single.handle, handleBatch: async (messages) => void batches.push(seqs(messages)) });

      await eventually(() => batches.flat().length === 5, 'the five messages to be handled', { timeoutMs: 10_000 });
      expect(batches.flat()).toEqual([0, 1, 2, 3, 4]);
      expect(batches.some((batch) => batch.length > 1)).toBe(true);
      expect(single.messages).toEqual([]);
    });

    it('hands a failed batch over one message at a time: the one that cannot be handled goes to the dead-letter topic, the others are handled', async () => {
      await bus.publish(topic, [0, 1, 2].map((seq) => ({ key: 'post-1', value: { seq } })));
      const handled: number[] = [];
      const deadLetters = new Inbox();
      await bus.subscribe({ groupId: unique('dlq-reader'), topics: [deadLetterTopic(topic)], handle: deadLetters.handle });

      await bus.subscribe({
        groupId: unique('group'),
        topics: [topic],
        handleBatch: async () => {
          throw new Error('the batch holds a message that cannot be handled');
        },
        handle: async (message) => {
          const [seq] = seqs([message]);
          if (seq === 1) throw new UnprocessableMessage('seq 1 can never be handled');
          handled.push(seq);
        },
      });

      expect(seqs(await deadLetters.waitFor(1, 30_000))).toEqual([1]);
      await eventually(() => handled.length === 2, 'the two good messages to be handled', { timeoutMs: 30_000 });
      expect(handled).toEqual([0, 2]);
    });
  });
}
