import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventuallyPasses } from '@app/testing/eventually';
import { findRealKafkaBroker, startRealKafkaBroker } from './real-kafka-broker';

jest.setTimeout(60_000);

const realBroker = findRealKafkaBroker();
if ('missing' in realBroker) process.stderr.write(`Skipping the real Kafka broker's own suite: ${realBroker.missing}.\n`);
const describeWithRealBroker = 'missing' in realBroker ? describe.skip : describe;

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describeWithRealBroker(`the real Kafka broker of the tests${'missing' in realBroker ? ` (skipped: ${realBroker.missing})` : ''}`, () => {
  it('is stopped, and its folder removed, when the process that owns it is killed without stopping it', async () => {
    const owner = spawn('sleep', ['600'], { stdio: 'ignore' });
    const broker = await startRealKafkaBroker(owner.pid);
    const pids = ['kafka', 'zookeeper'].map((name) => Number(readFileSync(join(broker.dataDir, `${name}.pid`), 'utf8')));
    try {
      expect(pids.every(isRunning)).toBe(true);

      owner.kill('SIGKILL');

      await eventuallyPasses(
        () => {
          expect(pids.filter(isRunning)).toEqual([]);
          expect(existsSync(broker.dataDir)).toBe(false);
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
    } finally {
      owner.kill('SIGKILL');
      await broker.stop();
    }
  });
});
