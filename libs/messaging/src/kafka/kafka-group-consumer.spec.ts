import { Logger } from '@nestjs/common';
import { Consumer, ConsumerCrashEvent } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { KafkaGroupConsumer } from './kafka-group-consumer';

/** The part of a kafkajs consumer the member uses, counting joins and able to report a crash as kafkajs does. */
class FakeConsumer {
  readonly events = { CRASH: 'consumer.crash' };
  joins = 0;
  disconnects = 0;
  failingConnects = 0;
  private onCrash?: (event: ConsumerCrashEvent) => void;

  on(_event: string, listener: (event: ConsumerCrashEvent) => void): () => void {
    this.onCrash = listener;
    return () => undefined;
  }
  async connect(): Promise<void> {
    if (this.failingConnects > 0) {
      this.failingConnects -= 1;
      throw new Error('Connection refused');
    }
  }
  async subscribe(): Promise<void> {}
  async run(): Promise<void> {
    this.joins += 1;
  }
  pause(): void {}
  async disconnect(): Promise<void> {
    this.disconnects += 1;
  }
  /** What kafkajs emits after it disconnected a crashed member; `restart` says whether it starts it again itself. */
  crash(restart: boolean): void {
    const payload = { error: new Error('The coordinator refused the group sync'), groupId: 'publisher', restart };
    this.onCrash!({ id: '1', type: 'consumer.crash', timestamp: Date.now(), payload });
  }
}

const quietLogger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;

function member(consumer: FakeConsumer): KafkaGroupConsumer {
  return new KafkaGroupConsumer(
    {
      consumer: consumer as unknown as Consumer,
      groupId: 'publisher',
      topics: ['post-events'],
      handle: async () => undefined,
      deadLetter: async () => undefined,
      retry: { firstDelayMs: 5, maxDelayMs: 20, deadLetterAfterMs: 1_000 },
      partitionsConsumedConcurrently: 1,
      logger: quietLogger,
    },
    () => undefined,
  );
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 2_000) throw new Error('condition not met within 2 s');
    await sleep(5);
  }
}

describe('KafkaGroupConsumer after a crash', () => {
  it('joins its group again when kafkajs leaves it crashed (a non-retriable error)', async () => {
    const consumer = new FakeConsumer();
    const subscription = member(consumer);
    await subscription.start();
    expect(consumer.joins).toBe(1);

    consumer.crash(false);
    await until(() => consumer.joins === 2);
    await subscription.stop();
  });

  it('keeps trying to join while connecting fails', async () => {
    const consumer = new FakeConsumer();
    const subscription = member(consumer);
    await subscription.start();

    consumer.failingConnects = 3;
    consumer.crash(false);
    await until(() => consumer.joins === 2);
    expect(consumer.failingConnects).toBe(0);
    await subscription.stop();
  });

  it('leaves the restart to kafkajs when kafkajs restarts the member itself', async () => {
    const consumer = new FakeConsumer();
    const subscription = member(consumer);
    await subscription.start();

    consumer.crash(true);
    await sleep(100);
    expect(consumer.joins).toBe(1);
    await subscription.stop();
  });

  it('does not join again once stopped', async () => {
    const consumer = new FakeConsumer();
    const subscription = member(consumer);
    await subscription.start();

    consumer.crash(false);
    await subscription.stop();
    await sleep(100);
    expect(consumer.joins).toBe(1);
    expect(consumer.disconnects).toBe(1);
  });
});
