import { Logger } from '@nestjs/common';
import { SqlDatabase } from '@app/persistence';
import { openSqliteForTest } from '@app/persistence/testing';
import { prometheusText } from '@app/telemetry';
import { InProcessMessageBus } from '../in-process/in-process-message-bus';
import { Inbox } from '../testing/inbox';
import { unique } from '../testing/unique-name';
import { ConsumerLagGauge, LAG_LOOKUP_INTERVAL_MS } from './consumer-lag-gauge';


/** The consumer_lag_messages lines of the exposition about a topic (the series of other tests stay in the process). */
const lagLines = async (topic: string): Promise<string[]> =>
  (await prometheusText()).text.split('\n').filter((line) => line.startsWith(`consumer_lag_messages{topic="${topic}",`));

describe('ConsumerLagGauge', () => {
  let database: SqlDatabase;
  let dispose: () => Promise<void>;
  let bus: InProcessMessageBus;
  let topic: string;
  let clock: number;
  const logger = new Logger('ConsumerLagGaugeTest');
  const publish = (count: number) => bus.publish(topic, Array.from({ length: count }, (_, seq) => ({ key: `post-${seq}`, value: { seq } })));

  /** A group that handled what was published so far, then stopped. */
  const groupThatStopped = async (): Promise<string> => {
    const groupId = unique('group');
    const inbox = new Inbox();
    const subscription = await bus.subscribe({ groupId, topics: [topic], handle: inbox.handle });
    await inbox.waitFor(2);
    await subscription.stop();
    return groupId;
  };

  beforeEach(async () => {
    ({ database, dispose } = openSqliteForTest());
    bus = new InProcessMessageBus(database, { partitions: 2 });
    await bus.migrate();
    topic = unique('topic');
    clock = 1_000_000;
    await publish(2);
  });
  afterEach(async () => {
    await bus.close();
    await dispose();
  });

  it("observes the lag of the app's own groups, asking the bus again only after the lookup interval", async () => {
    const [own, other] = [await groupThatStopped(), await groupThatStopped()];
    await publish(3);
    const gauge = new ConsumerLagGauge(bus, [own], logger, () => clock);
    const ownLag = (lag: number) => [`consumer_lag_messages{topic="${topic}",group="${own}"} ${lag}`];
    try {
      expect(await lagLines(topic)).toEqual(ownLag(3));
      expect((await lagLines(topic)).join()).not.toContain(other);

      await publish(2);
      clock += LAG_LOOKUP_INTERVAL_MS - 1;
      expect(await lagLines(topic)).toEqual(ownLag(3));
      clock += 1;
      expect(await lagLines(topic)).toEqual(ownLag(5));
    } finally {
      gauge.stop();
    }
    await publish(1);
    clock += LAG_LOOKUP_INTERVAL_MS;
    expect(await lagLines(topic)).toEqual(ownLag(5));
  });

  it('keeps the last value read while the bus cannot answer, and says so once', async () => {
    const own = await groupThatStopped();
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const gauge = new ConsumerLagGauge(bus, [own], logger, () => clock);
    const ownLag = [`consumer_lag_messages{topic="${topic}",group="${own}"} 0`];
    try {
      expect(await lagLines(topic)).toEqual(ownLag);
      await bus.close();

      for (const _scrape of [1, 2]) {
        clock += LAG_LOOKUP_INTERVAL_MS;
        expect(await lagLines(topic)).toEqual(ownLag);
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(/could not be read: The message bus is closed/);
    } finally {
      gauge.stop();
      warn.mockRestore();
    }
  });
});
