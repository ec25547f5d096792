import { eventually } from '@app/testing/eventually';
import { ConsumerLag, MessageBus } from '../message-bus.port';
import { Gate, Inbox } from './inbox';
import { unique } from './unique-name';

/** What the consumer-lag tests get from the contract suite: its bus (closed after each test), a topic of their own, its partitions. */
export interface ConsumerLagContext {
  bus: MessageBus;
  topic: string;
  partitions: number;
}

/** Asks for the lag until `accepts` it (commits come a moment after the handler); tells the last answer when it gives up. */
async function lagWhen(ask: () => Promise<ConsumerLag[]>, accepts: (lags: ConsumerLag[]) => boolean, timeoutMs = 20_000): Promise<ConsumerLag[]> {
  let last: ConsumerLag[] = [];
  return eventually(async () => accepts((last = await ask())) && last, () => `the lag asked for; the last was ${JSON.stringify(last)}`, { timeoutMs, intervalMs: 100 });
}

/**
 * MessageBus.consumerLag, for every adapter: registered inside describeMessageBusContract. With
 * `unsupported` (why the adapter's test broker cannot answer), the tests are skipped, saying why.
 */
export function describeConsumerLag(context: () => ConsumerLagContext, unsupported?: string): void {
  if (unsupported) {
    process.stderr.write(`Skipping the consumer lag tests: ${unsupported}.\n`);
    describe.skip('consumer lag', () => it(`needs a broker that can answer: ${unsupported}`, () => undefined));
    return;
  }
  describe('consumer lag', () => itReportsConsumerLag(context));
}

function itReportsConsumerLag(context: () => ConsumerLagContext): void {
  it('reports as lag the messages published after the offsets the group committed, summed over the partitions of the topic', async () => {
    const { bus, topic, partitions } = context();
    const groupId = unique('lagging');
    const inbox = new Inbox();
    await bus.publish(topic, [0, 1].map((seq) => ({ key: `post-${seq}`, value: { seq } })));
    const subscription = await bus.subscribe({ groupId, topics: [topic], handle: inbox.handle });
    await inbox.waitFor(2);
    await lagWhen(() => bus.consumerLag([groupId]), (lags) => lags.length === 1 && lags[0].lag === 0);
    await subscription.stop();

    await bus.publish(topic, [2, 3, 4].map((seq) => ({ key: `post-${seq}`, value: { seq } })));

    expect(await bus.consumerLag([groupId])).toEqual([{ topic, group: groupId, lag: 3, partitions }]);
  });

  it('reports the whole topic as the lag of a group that has committed nothing yet', async () => {
    const { bus, topic, partitions } = context();
    const groupId = unique('starting');
    const release = new Gate();
    let entered = 0;
    const inbox = new Inbox(async () => {
      entered += 1;
      await release.opened;
    });
    await bus.publish(topic, [0, 1, 2].map((seq) => ({ key: 'post-1', value: { seq } })));
    await bus.subscribe({ groupId, topics: [topic], handle: inbox.handle });
    try {
      await eventually(() => entered === 1, 'the first message to reach the handler', { timeoutMs: 10_000 });

      const lags = await lagWhen(() => bus.consumerLag([groupId]), (found) => found[0]?.partitions === partitions);

      expect(lags).toEqual([{ topic, group: groupId, lag: 3, partitions }]);
    } finally {
      release.open();
    }
  });

  it('reports every group it knows when asked for none, only the groups asked for otherwise', async () => {
    const { bus, topic, partitions } = context();
    const [first, second] = [unique('first'), unique('second')];
    const inboxes = [new Inbox(), new Inbox()];
    await bus.publish(topic, [{ key: 'post-1', value: { seq: 0 } }]);
    await bus.subscribe({ groupId: first, topics: [topic], handle: inboxes[0].handle });
    await bus.subscribe({ groupId: second, topics: [topic], handle: inboxes[1].handle });
    await Promise.all(inboxes.map((inbox) => inbox.waitFor(1)));
    const caughtUp = (group: string): ConsumerLag => ({ topic, group, lag: 0, partitions });

    const every = await lagWhen(
      () => bus.consumerLag(),
      (lags) => [first, second].every((group) => lags.some((lag) => lag.group === group && lag.lag === 0)),
    );

    expect(every).toEqual(expect.arrayContaining([caughtUp(first), caughtUp(second)]));
    expect(await bus.consumerLag([first])).toEqual([caughtUp(first)]);
    expect(await bus.consumerLag([unique('unknown')])).toEqual([]);
    expect(await bus.consumerLag([])).toEqual([]);
  });
}
