import { Logger } from '@nestjs/common';
import { Consumer } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@app/testing/eventually';
import { GroupMemberReports, GroupMembershipWatch, WatchedMember } from '../group-membership';
import { KafkaGroupConsumer } from './kafka-group-consumer';

/** The part of a kafkajs consumer the member uses, counting joins and able to emit kafkajs' instrumentation events. */
class FakeConsumer {
  readonly events = {
    CRASH: 'consumer.crash',
    GROUP_JOIN: 'consumer.group_join',
    HEARTBEAT: 'consumer.heartbeat',
    COMMIT_OFFSETS: 'consumer.commit_offsets',
    REBALANCING: 'consumer.rebalancing',
    STOP: 'consumer.stop',
    DISCONNECT: 'consumer.disconnect',
    CONNECT: 'consumer.connect',
  };
  joins = 0;
  disconnects = 0;
  failingConnects = 0;
  private readonly listeners = new Map<string, Array<(event: { payload: unknown }) => void>>();

  on(event: string, listener: (event: { payload: unknown }) => void): () => void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return () => undefined;
  }
  emit(event: keyof FakeConsumer['events'], payload: unknown = {}): void {
    for (const listener of this.listeners.get(this.events[event]) ?? []) listener({ payload });
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
    this.emit('CRASH', { error: new Error('The coordinator refused the group sync'), groupId: 'publisher', restart });
  }
}

/** A membership watch that writes down what it is told. */
class RecordedMembership implements GroupMembershipWatch {
  readonly told: string[] = [];
  watch(member: WatchedMember): GroupMemberReports {
    this.told.push(`watch ${member.groupId} ${member.topics.join(',')} ${member.sessionTimeoutMs}`);
    return {
      joined: (assignment) => this.told.push(`joined ${JSON.stringify(assignment)}`),
      answered: () => this.told.push('answered'),
      out: (reason) => this.told.push(`out: ${reason}`),
      ended: () => this.told.push('ended'),
    };
  }
}

const quietLogger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;

function member(consumer: FakeConsumer, membership?: GroupMembershipWatch): KafkaGroupConsumer {
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
      membership,
      sessionTimeoutMs: 6_000,
    },
    () => undefined,
  );
}

describe('KafkaGroupConsumer after a crash', () => {
  it('joins its group again when kafkajs leaves it crashed (a non-retriable error)', async () => {
    const consumer = new FakeConsumer();
    const subscription = member(consumer);
    await subscription.start();
    expect(consumer.joins).toBe(1);

    consumer.crash(false);
    await eventually(() => consumer.joins === 2, 'the member to join again', { timeoutMs: 2_000, intervalMs: 5 });
    await subscription.stop();
  });

  it('keeps trying to join while connecting fails', async () => {
    const consumer = new FakeConsumer();
    const subscription = member(consumer);
    await subscription.start();

    consumer.failingConnects = 3;
    consumer.crash(false);
    await eventually(() => consumer.joins === 2, 'the member to join again', { timeoutMs: 2_000, intervalMs: 5 });
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

describe('KafkaGroupConsumer membership, for readiness', () => {
  it('reports joining, being answered and leaving its group from kafkajs events, and ends when stopped', async () => {
    const consumer = new FakeConsumer();
    const membership = new RecordedMembership();
    const subscription = member(consumer, membership);
    await subscription.start();

    consumer.emit('GROUP_JOIN', { memberAssignment: { 'post-events': [0, 2] } });
    consumer.emit('HEARTBEAT');
    consumer.emit('COMMIT_OFFSETS');
    consumer.emit('REBALANCING');
    consumer.emit('STOP');
    consumer.emit('DISCONNECT');
    consumer.crash(true);
    consumer.emit('CONNECT');
    await subscription.stop();

    expect(membership.told).toEqual([
      'watch publisher post-events 6000',
      'joined {"post-events":[0,2]}',
      'answered',
      'answered',
      'out: rebalancing',
      'out: stopped',
      'out: disconnected',
      'out: crashed (The coordinator refused the group sync)',
      'out: connected, joining its group',
      'ended',
    ]);
  });

  it('reports a member given no partitions (more members than partitions) as joined: an idle member is in its group', async () => {
    const consumer = new FakeConsumer();
    const membership = new RecordedMembership();
    const subscription = member(consumer, membership);
    await subscription.start();

    consumer.emit('GROUP_JOIN', { memberAssignment: {} });
    await subscription.stop();

    expect(membership.told.slice(0, 2)).toEqual(['watch publisher post-events 6000', 'joined {}']);
    expect(quietLogger.log).toHaveBeenCalledWith('Consumer group publisher joined; assigned no partitions');
  });
});
