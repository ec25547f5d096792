import { Logger } from '@nestjs/common';
import { eventually, Patience } from '@app/testing/eventually';
import { PeriodicTask } from '../periodic-task';
import { LoopBeats, LoopRound, WakeUpLoop, WakeUpLoopOptions } from './wake-up-loop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Looks often: the tests time the loop's turns. */
const SOON: Patience = { timeoutMs: 3_000, intervalMs: 2 };

/** What readiness heard, in order: a number per beat, 'end' when the loop stopped. */
class HeardBeats {
  readonly heard: Array<number | 'end'> = [];
  readonly names: string[] = [];
  loop(name: string): LoopBeats {
    this.names.push(name);
    return { beat: (ms) => this.heard.push(ms), end: () => this.heard.push('end') };
  }
}

const quiet = new Logger('test');
const options: WakeUpLoopOptions = { name: 'test loop', idleRecheckMs: 1_000, failurePauseMs: 40, dueMarginMs: 5, logger: quiet };

describe('WakeUpLoop', () => {
  let loops: WakeUpLoop[];
  const started = (round: LoopRound, overrides: Partial<WakeUpLoopOptions> = {}, beats?: HeardBeats) => {
    const loop = new WakeUpLoop({ ...options, ...overrides }, round);
    loops.push(loop);
    loop.start(beats);
    return loop;
  };

  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => (loops = []));
  afterEach(() => Promise.all(loops.map((loop) => loop.stop())));

  it('turns at start, then when the work it found comes due (a margin after), then after the idle recheck', async () => {
    const turns: number[] = [];
    const plans: Array<number | null> = [80, null];
    const beats = new HeardBeats();
    started(async () => {
      turns.push(Date.now());
      return plans.shift() ?? null;
    }, {}, beats);
    await eventually(() => turns.length === 2, 'two turns', SOON);
    expect(turns[1]! - turns[0]!).toBeGreaterThanOrEqual(84);
    await sleep(200);
    expect(turns).toHaveLength(2);
    expect(beats.names).toEqual(['test loop']);
    // Awake, asleep for the due time and its margin; awake, asleep for the idle recheck.
    expect(beats.heard).toEqual([0, 85, 0, 1_000]);
  });

  it('turns again right after the round under way when woken during it, once for many wake-ups', async () => {
    let rounds = 0;
    let release = () => undefined as void;
    const loop = started(async () => {
      rounds++;
      if (rounds === 1) await new Promise<void>((resolve) => (release = resolve));
      return null;
    });
    await eventually(() => rounds === 1, 'the first round', SOON);
    loop.wake();
    loop.wake();
    loop.wakeWithin(0);
    release();
    await eventually(() => rounds === 2, 'the second round', SOON);
    await sleep(50);
    expect(rounds).toBe(2);
  });

  it('moves its next turn earlier when asked to turn within less, never later', async () => {
    const turns: number[] = [];
    const loop = started(async () => {
      turns.push(Date.now());
      return 500;
    });
    await eventually(() => turns.length === 1, 'the first turn', SOON);
    const asked = Date.now();
    loop.wakeWithin(2_000);
    loop.wakeWhenDue(60);
    await eventually(() => turns.length === 2, 'two turns', SOON);
    expect(turns[1]! - asked).toBeGreaterThanOrEqual(64);
    expect(turns[1]! - asked).toBeLessThan(400);
  });

  it('pauses after a failed round, doubling while rounds fail, and goes on once one succeeds', async () => {
    const turns: number[] = [];
    const beats = new HeardBeats();
    started(async () => {
      turns.push(Date.now());
      if (turns.length <= 3) throw new Error('database down');
      return null;
    }, {}, beats);
    await eventually(() => turns.length === 4, 'four turns', SOON);
    expect(turns[1]! - turns[0]!).toBeGreaterThanOrEqual(39);
    expect(turns[2]! - turns[1]!).toBeGreaterThanOrEqual(79);
    expect(turns[3]! - turns[2]!).toBeGreaterThanOrEqual(159);
    expect(beats.heard).toEqual([0, 40, 0, 80, 0, 160, 0, 1_000]);
  });

  it('caps the pause after failures at the idle recheck, and a wake-up cuts it short', async () => {
    let rounds = 0;
    const loop = started(
      async () => {
        rounds++;
        throw new Error('bus down');
      },
      { idleRecheckMs: 100, failurePauseMs: 80 },
    );
    await eventually(() => rounds === 3, 'three failed rounds', { ...SOON, timeoutMs: 1_000 });
    const woken = Date.now();
    loop.wake();
    expect(rounds).toBe(4);
    expect(Date.now() - woken).toBeLessThan(50);
  });

  it('does not spin on work said due at once that a round could not take: it waits longer each time', async () => {
    const turns: number[] = [];
    started(async (turn) => {
      turns.push(Date.now());
      if (turns.length === 1) turn.progressed();
      return 0;
    });
    await sleep(300);
    // Right after the round that did work; then 10, 20, 40, 80, 160 ms apart.
    expect(turns.length).toBeGreaterThanOrEqual(5);
    expect(turns.length).toBeLessThanOrEqual(7);
    expect(turns[2]! - turns[1]!).toBeGreaterThanOrEqual(9);
    expect(turns[4]! - turns[3]!).toBeGreaterThanOrEqual(39);
  });

  it('beats as a round makes progress, saying how long its next step may take', async () => {
    const beats = new HeardBeats();
    started(async (turn) => {
      turn.progressed();
      turn.progressed(30_000);
      return null;
    }, {}, beats);
    await eventually(() => beats.heard.length === 4, 'four beats', SOON);
    expect(beats.heard).toEqual([0, 0, 30_000, 1_000]);
  });

  it('stops: waits for the round under way, which may end early, and turns no more', async () => {
    let rounds = 0;
    let sawStopping = false;
    const beats = new HeardBeats();
    const loop = started(async (turn) => {
      rounds++;
      await sleep(50);
      sawStopping = turn.stopping;
      return 0;
    }, {}, beats);
    await eventually(() => rounds === 1, 'the first round', SOON);
    const stopping = Date.now();
    await loop.stop();
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(40);
    expect(sawStopping).toBe(true);
    loop.wake();
    loop.wakeWithin(0);
    await sleep(30);
    expect(rounds).toBe(1);
    expect(beats.heard).toEqual([0, 'end']);
  });
});

describe('PeriodicTask', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('runs now and then every period after each run, one at a time; a failed run is logged and the next comes as planned', async () => {
    const runs: number[] = [];
    const beats = new HeardBeats();
    const task = new PeriodicTask('periodic', 60, async () => {
      runs.push(Date.now());
      if (runs.length === 2) throw new Error('no luck');
    });
    task.start(beats);
    await eventually(() => runs.length === 3, 'three runs', SOON);
    await task.stop();
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(59);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(59);
    expect(beats.heard.slice(0, 4)).toEqual([0, 60, 0, 60]);
    expect(beats.heard.at(-1)).toBe('end');
  });
});
