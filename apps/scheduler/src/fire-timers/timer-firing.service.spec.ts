import { Logger } from '@nestjs/common';
import { MessageBus, OutgoingMessage } from '@app/messaging';
import { ReadinessWatch } from '@app/runtime';
import { eventually, Patience } from '@app/testing/eventually';
import { SchedulerOptions } from '../scheduler-options';
import { DueTimer, TimerStore } from '../timers/timer-store';
import { TimerFiring } from './timer-firing.service';

/** The timer table in memory, with the lease semantics of the SQL one; this process's clock stands for the database's. */
class FakeTimers {
  readonly rows = new Map<string, Omit<DueTimer, 'leaseToken'> & { leaseUntil: number | null; leaseToken: string | null }>();
  private claims = 0;

  add(postUuid: string, dueAt: Date, scheduledRevision = 1): void {
    this.rows.set(postUuid, { postUuid, dueAt, scheduledRevision, trace: { traceparent: null, storedAt: dueAt }, leaseUntil: null, leaseToken: null });
  }
  async claimDue(leaseMs: number, limit: number): Promise<DueTimer[]> {
    const now = Date.now();
    const leaseToken = `claim-${++this.claims}`;
    const free = [...this.rows.values()].filter((row) => row.dueAt.getTime() <= now && (row.leaseUntil === null || row.leaseUntil <= now));
    return free.slice(0, limit).map((row) => {
      Object.assign(row, { leaseUntil: now + leaseMs, leaseToken });
      return { postUuid: row.postUuid, dueAt: row.dueAt, scheduledRevision: row.scheduledRevision, trace: row.trace, leaseToken };
    });
  }
  async removeFired(timers: readonly DueTimer[]): Promise<void> {
    for (const timer of timers) this.rows.delete(timer.postUuid);
  }
  async release(timers: readonly DueTimer[]): Promise<void> {
    const tokens = new Set(timers.map((timer) => timer.leaseToken));
    for (const row of this.rows.values()) if (row.leaseToken !== null && tokens.has(row.leaseToken)) Object.assign(row, { leaseUntil: null, leaseToken: null });
  }
  async msUntilNextDue(): Promise<number | null> {
    if (this.rows.size === 0) return null;
    const next = Math.min(...[...this.rows.values()].map((row) => Math.max(row.dueAt.getTime(), row.leaseUntil ?? 0)));
    return Math.max(0, next - Date.now());
  }
}

class FakeBus implements Pick<MessageBus, 'publish'> {
  readonly sent: Array<{ at: number; message: OutgoingMessage }> = [];
  readonly publishes: number[] = [];
  failuresLeft = 0;
  /** While set, a publish waits for it: a call that hangs. */
  hang: Promise<void> | null = null;
  async publish(_topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    await this.hang;
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('broker unavailable');
    }
    this.publishes.push(messages.length);
    for (const message of messages) this.sent.push({ at: Date.now(), message });
  }
}

const options: SchedulerOptions = { scanIntervalMs: 5_000, claimLeaseMs: 10_000, batchSize: 2, retryDelayMs: 100 };
const SOON: Patience = { timeoutMs: 3_000, intervalMs: 5 };

describe('TimerFiring', () => {
  let timers: FakeTimers;
  let bus: FakeBus;
  let firing: TimerFiring;
  /** The clock readiness reads, moved by hand. */
  let readinessNow: number;
  let readiness: ReadinessWatch;

  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => {
    timers = new FakeTimers();
    bus = new FakeBus();
    readinessNow = 0;
    readiness = new ReadinessWatch({ loopStaleMs: 60_000, now: () => readinessNow });
    firing = new TimerFiring(timers as unknown as TimerStore, bus as unknown as MessageBus, options, readiness);
  });
  afterEach(() => firing.stop());

  it('fires every overdue timer at start, past the batch size, and removes them', async () => {
    for (const post of ['p1', 'p2', 'p3']) timers.add(post, new Date(Date.now() - 60_000));
    firing.start();
    await eventually(() => bus.sent.length === 3, 'three messages sent', SOON);
    expect(bus.sent.map((sent) => sent.message.key).sort()).toEqual(['p1', 'p2', 'p3']);
    await eventually(() => timers.rows.size === 0, 'every timer removed', SOON);
  });

  it('sends the timers of one claim in one publish, so that posts due together do not queue', async () => {
    for (const post of ['p1', 'p2', 'p3', 'p4', 'p5']) timers.add(post, new Date(Date.now() - 1_000));
    firing.start();
    await eventually(() => bus.sent.length === 5, 'five messages sent', SOON);
    // Batch size 2: claims of 2, 2 and 1.
    expect(bus.publishes).toEqual([2, 2, 1]);
    await eventually(() => timers.rows.size === 0, 'every timer removed', SOON);
  });

  it('gives a whole claim back when the bus refuses it, and fires it all later', async () => {
    bus.failuresLeft = 1;
    for (const post of ['p1', 'p2']) timers.add(post, new Date(Date.now() - 1_000));
    firing.start();
    await eventually(() => bus.sent.length === 2, 'two messages sent', SOON);
    expect(bus.publishes).toEqual([2]);
    expect(bus.sent.map((sent) => sent.message.key).sort()).toEqual(['p1', 'p2']);
    await eventually(() => timers.rows.size === 0, 'every timer removed', SOON);
  });

  it('wakes up for a timer set while it sleeps, at its due time', async () => {
    firing.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const dueAt = new Date(Date.now() + 300);
    timers.add('p1', dueAt);
    firing.timerSet(dueAt);
    await eventually(() => bus.sent.length === 1, 'one message sent', SOON);
    expect(bus.sent[0]!.at).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(bus.sent[0]!.at - dueAt.getTime()).toBeLessThan(200);
  });

  it('keeps a timer the bus refused and fires it after a pause', async () => {
    bus.failuresLeft = 2;
    timers.add('p1', new Date(Date.now() - 1_000));
    const started = Date.now();
    firing.start();
    await eventually(() => bus.sent.length === 1, 'one message sent', SOON);
    // Two refusals: pauses of 100 ms, then 200 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(bus.sent[0]!.message.value).toMatchObject({ type: 'StartPublishing', postUuid: 'p1', scheduledRevision: 1 });
    await eventually(() => timers.rows.size === 0, 'every timer removed', SOON);
  });

  it('beats for readiness after an idle round, saying it sleeps a scan interval: an idle scheduler stays ready', async () => {
    firing.start();
    // Past the limit of a loop that planned no sleep, the round's beat (at 0) said it sleeps a scan interval.
    const readAt = (now: number) => {
      readinessNow = now;
      const stalled = readiness.stalledLoops();
      readinessNow = 0;
      return stalled;
    };
    await eventually(() => readAt(62_000).length === 0, 'a beat of the idle round', SOON);
    expect(readAt(options.scanIntervalMs + 60_000)).toEqual([]);
    expect(readAt(options.scanIntervalMs + 60_001)).toEqual(['Loop "scheduler timer firing" has not turned for 65 s: it meant to turn again within 5.0 s (allowed 60 s past that)']);
  });

  it('stops beating while a round waits on a publish that hangs, and beats again once it returns', async () => {
    let release = () => undefined as void;
    bus.hang = new Promise<void>((resolve) => (release = resolve));
    timers.add('p1', new Date(Date.now() - 1_000));
    firing.start();
    readinessNow = 60_001;
    expect(readiness.stalledLoops()).toEqual(['Loop "scheduler timer firing" has not turned for 60 s (allowed 60 s)']);
    release();
    await eventually(() => bus.sent.length === 1 && timers.rows.size === 0, 'the timer to be fired and removed', SOON);
    await eventually(() => readiness.stalledLoops().length === 0, 'the loop to beat again', SOON);
  });
});
