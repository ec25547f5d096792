import { ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { BenchFailure } from '../bench-failure';
import { ReceivedCounts, ReceivedRequest, ReceiverAnswer, ReceiverCommand } from './receiver-protocol';

export type { ReceivedRequest } from './receiver-protocol';

const RECEIVER_MAIN = resolve(__dirname, 'receiver-process.js');
/** A command before it is given its id (Omit over each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Command = WithoutId<ReceiverCommand>;

/** `count` webhook endpoints served by a child process; see receiver-process.ts. */
export class Receivers {
  private nextId = 1;
  private readonly pending = new Map<number, (answer: ReceiverAnswer) => void>();

  /** One URL per receiver, in receiver order. */
  urls: readonly string[] = [];

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (answer: ReceiverAnswer) => {
      this.pending.get(answer.id)?.(answer);
      this.pending.delete(answer.id);
    });
  }

  static async start(count: number): Promise<Receivers> {
    const child = fork(RECEIVER_MAIN, [], { execArgv: [], env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const started = new Receivers(child);
    const answer = await started.ask({ type: 'listen', count }).catch(async (error: unknown) => {
      await started.stop();
      throw error;
    });
    if (answer.type !== 'listening') throw new BenchFailure(`the webhook receivers did not start: ${JSON.stringify(answer)}`);
    started.urls = answer.urls;
    return started;
  }

  /** How long each receiver waits before it answers (ms, by receiver index); missing ones answer at once. */
  async answerAfter(delaysMs: number[]): Promise<void> {
    await this.ask({ type: 'delays', delaysMs });
  }

  async counts(): Promise<ReceivedCounts> {
    const answer = await this.ask({ type: 'counts' });
    if (answer.type !== 'counts') throw new BenchFailure(`the webhook receivers answered ${JSON.stringify(answer)}`);
    return answer.counts;
  }

  /** Every request noted since the last take, and the counts start again from zero. */
  async take(): Promise<ReceivedRequest[]> {
    const answer = await this.ask({ type: 'take' });
    if (answer.type !== 'taken') throw new BenchFailure(`the webhook receivers answered ${JSON.stringify(answer)}`);
    return answer.requests;
  }

  /**
   * Waits until `enough(counts)` or the deadline; prints progress every 10 s after `sinceMs`.
   * Returns whether enough arrived.
   */
  async waitFor(enough: (counts: ReceivedCounts) => boolean, deadlineMs: number, progress: (counts: ReceivedCounts) => string, sinceMs = Date.now()): Promise<boolean> {
    let nextProgress = Math.max(sinceMs, Date.now()) + 10_000;
    for (;;) {
      const counts = await this.counts();
      if (enough(counts)) return true;
      if (Date.now() >= deadlineMs) return false;
      if (Date.now() >= nextProgress) {
        console.log(`  ... ${progress(counts)}`);
        nextProgress += 10_000;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
  }

  private ask(command: Command): Promise<ReceiverAnswer> {
    const id = this.nextId++;
    return new Promise((done, fail) => {
      const onExit = () => fail(new BenchFailure('the webhook receivers process ended'));
      this.child.once('exit', onExit);
      this.pending.set(id, (answer) => {
        this.child.off('exit', onExit);
        if (answer.type === 'failed') fail(new BenchFailure(`the webhook receivers failed: ${answer.message}`));
        else done(answer);
      });
      this.child.send({ ...command, id } as ReceiverCommand);
    });
  }
}
