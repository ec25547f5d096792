import { randomUUID } from 'node:crypto';
import { testEngines } from '@app/persistence/testing';
import { Inbox } from '../testing/inbox';
import { InProcessMessageBus } from './in-process-message-bus';

/** What this process appends reaches its readers from memory; the log is read for the rest. */
describe.each(testEngines)('in-process bus handover on %s', (_engine, open) => {
  let dispose: () => Promise<void>;
  let bus: InProcessMessageBus;
  let topic: string;

  beforeEach(async () => {
    const opened = await open();
    dispose = opened.dispose;
    bus = new InProcessMessageBus(opened.database, { partitions: 1, pollIntervalMs: 60_000 });
    await bus.migrate();
    topic = `handover-${randomUUID().slice(0, 8)}`;
  });
  afterEach(async () => {
    await bus.close();
    await dispose();
  });

  it('hands a message published in this process to every idle group as it was appended, parsed once', async () => {
    const first = new Inbox();
    const second = new Inbox();
    await bus.subscribe({ groupId: 'first', topics: [topic], handle: first.handle });
    await bus.subscribe({ groupId: 'second', topics: [topic], handle: second.handle });
    await new Promise((resolve) => setTimeout(resolve, 100));

    await bus.publish(topic, [{ key: 'post-1', value: { seq: 0, at: new Date('2026-11-28T10:00:00Z') } }]);

    const [a] = await first.waitFor(1);
    const [b] = await second.waitFor(1);
    // One object for both groups: neither read the log, which parses a value of its own for each read.
    expect(a.value).toBe(b.value);
    // As stored: a date is its JSON text, as a reader of the log would see it.
    expect(a.value).toEqual({ seq: 0, at: '2026-11-28T10:00:00.000Z' });
    expect(a.offset).toBe('0');
  });

  it('reads the log for what was published before the group joined, then takes the rest as handed over, in order', async () => {
    await bus.publish(topic, [0, 1].map((seq) => ({ key: 'post-1', value: { seq } })));
    const inbox = new Inbox();
    await bus.subscribe({ groupId: 'late', topics: [topic], handle: inbox.handle });
    await inbox.waitFor(2);

    await bus.publish(topic, [2, 3].map((seq) => ({ key: 'post-1', value: { seq } })));
    await bus.publish(topic, [{ key: 'post-1', value: { seq: 4 } }]);

    const messages = await inbox.waitFor(5);
    expect(messages.map((message) => [message.offset, (message.value as { seq: number }).seq])).toEqual([
      ['0', 0],
      ['1', 1],
      ['2', 2],
      ['3', 3],
      ['4', 4],
    ]);
  });
});
