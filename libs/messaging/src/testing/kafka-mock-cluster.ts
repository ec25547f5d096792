import { ChildProcess, spawn, spawnSync } from 'node:child_process';

/**
 * A Kafka cluster for tests: librdkafka's mock cluster, which speaks the Kafka wire protocol,
 * served by a kcat process for as long as it runs. Topics are created on first use (4 partitions);
 * the cluster names no controller, so topic creation through the admin API and idempotent
 * producers are refused.
 */
export interface KafkaMockCluster {
  brokers: string[];
  stop(): Promise<void>;
}

const COMMANDS = ['kcat', 'kafkacat'];
const START_TIMEOUT_MS = 10_000;
/** librdkafka prints the mock's address in a notice, and again in the `mock` debug context. */
const ADDRESS = /(?:bootstrap\.servers=|replaced with )(\d{1,3}(?:\.\d{1,3}){3}:\d+)/;

/** The kcat command of this machine, or why there is none (to print when the suite is skipped). */
export function findKcat(): { command: string } | { missing: string } {
  for (const command of COMMANDS) {
    const probe = spawnSync(command, ['-V'], { stdio: 'ignore' });
    if (!probe.error) return { command };
  }
  return { missing: `neither ${COMMANDS.join(' nor ')} is installed (Debian/Ubuntu: apt-get install -y kcat), so no mock Kafka cluster can be started` };
}

export async function startKafkaMockCluster(brokerCount = 1): Promise<KafkaMockCluster> {
  const kcat = findKcat();
  if ('missing' in kcat) throw new Error(kcat.missing);
  // kcat must run a client for the mock cluster to live; it consumes a topic nobody uses.
  const child = spawn(kcat.command, ['-C', '-q', '-t', 'mock-cluster-keepalive', '-X', `test.mock.num.brokers=${brokerCount}`, '-b', 'localhost:1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    const address = await readAddress(child);
    return {
      brokers: [address],
      stop: async () => {
        process.removeListener('exit', killOnExit);
        await terminate(child);
      },
    };
  } catch (error) {
    process.removeListener('exit', killOnExit);
    await terminate(child);
    throw error;
  }
}

function readAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(`kcat printed no mock cluster address within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`${reason}. Its output: ${output.slice(-2000) || '(none)'}`));
    };
    // Reading stderr to the end also keeps kcat from blocking on a full pipe.
    child.stderr!.on('data', (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
      const match = ADDRESS.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('error', (error) => fail(`kcat could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`kcat exited (code ${code}, signal ${signal})`));
  });
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
