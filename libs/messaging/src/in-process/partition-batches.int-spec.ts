import { randomUUID } from 'node:crypto';
import { testEngines } from '@app/persistence/testing';
import { UnprocessableMessage } from '../delivery/unprocessable-message';
import { IncomingMessage } from '../message-bus.port';
import { eventually, Inbox } from '../testing/inbox';
import { InProcessMessageBus } from './in-process-message-bus';

/** A group with a batch handler: what a partition's reader fetched together reaches it in one call. */
describe.each(testEngines)('in-process bus batches on %s', (_engine, open) => {
  let dispose: () => Promise<void>;
  let bus: InProcessMessageBus;
  let topic: string;

  beforeEach(async () => {
    const opened = await open();
    dispose = opened.dispose;
    bus = new InProcessMessageBus(opened.database, { partitions: 1, pollIntervalMs: 60_000, retry: { firstDelayMs: 5, maxDelayMs: 20, deadLetterAfterMs: 300 } });
    await bus.migrate();
    topic = `batch-${randomUUID().slice(0, 8)}`;
  });
  afterEach(async () => {
    await bus.close();
    await dispose();
  });

  const seqs = (messages: readonly IncomingMessage[]) => messages.map((message) => (message.value as { seq: number }).seq);

  it('hands the messages waiting in a partition to the batch handler together, in offset order', async () => {
    await bus.publish(topic, [0, 1, 2, 3, 4].map((seq) => ({ key: 'post-1', value: { seq } })));
    const batches: number[][] = [];
    const single = new Inbox();

    await bus.subscribe({ groupId: 'group', topics: [topic], handle: single.handle, handleBatch: async (messages) => void batches.push(seqs(messages)) });

    await eventually(() => batches.flat().length === 5, 'the five messages were handled');
    expect(batches).toEqual([[0, 1, 2, 3, 4]]);
    expect(single.messages).toEqual([]);
  });

  it('hands a failed batch over one message at a time: the one that cannot be handled goes to the dead-letter topic, the others are handled', async () => {
    await bus.publish(topic, [0, 1, 2].map((seq) => ({ key: 'post-1', value: { seq } })));
    const handled: number[] = [];
    const deadLetters = new Inbox();
    await bus.subscribe({ groupId: 'dlq-reader', topics: [`${topic}.dlq`], handle: deadLetters.handle });

    await bus.subscribe({
      groupId: 'group',
      topics: [topic],
      handleBatch: async () => {
        throw new Error('the batch touches a poisoned message');
      },
      handle: async (message) => {
        const { seq } = message.value as { seq: number };
        if (seq === 1) throw new UnprocessableMessage('seq 1 can never be handled');
        handled.push(seq);
      },
    });

    expect(seqs(await deadLetters.waitFor(1))).toEqual([1]);
    await eventually(() => handled.length === 2, 'the two good messages were handled');
    expect(handled).toEqual([0, 2]);
  });
});
