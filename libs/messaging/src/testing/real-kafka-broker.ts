import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { errorMessage } from '@app/errors';

/**
 * A real Apache Kafka broker (with its ZooKeeper) for tests, from the `kafka` folder of `shared`
 * beside the repository (`../shared/kafka`): `start.sh DIR` starts one on free ports of 127.0.0.1
 * with its data in DIR, `stop.sh DIR` stops it, `start.sh DIR --keep` starts it again on the same
 * ports and data.
 */
export interface RealKafkaBroker extends BrokerOutage {
  brokers: string[];
  /** Its data, pids and logs (`logs/kafka.out`, `logs/zookeeper.out`); removed when it stops. */
  dataDir: string;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
}

/** An outage of the broker: it stops, keeping its data, and later starts again where it was. */
export interface BrokerOutage {
  /** Stops the broker and its ZooKeeper; clients see connections refused. */
  stopBroker(): Promise<void>;
  /** Starts them again on the same ports and data; resolves once the broker answers. */
  restartBroker(): Promise<void>;
}

/**
 * The repository's root: the nearest folder above with a `package-lock.json` (`dist/` has a copy of
 * `package.json`, not of the lock file). Found, not counted: this file runs from its source (tests)
 * and from `dist/` (the benchmarks), one folder deeper.
 */
function repositoryRoot(from: string): string {
  for (let folder = from; dirname(folder) !== folder; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package-lock.json'))) return folder;
  }
  return from;
}

/** `../shared/kafka`, beside the repository's root. */
export const SHARED_KAFKA_DIR = join(dirname(repositoryRoot(__dirname)), 'shared', 'kafka');
const START_SCRIPT = join(SHARED_KAFKA_DIR, 'start.sh');
const STOP_SCRIPT = join(SHARED_KAFKA_DIR, 'stop.sh');
const START_TIMEOUT_MS = 90_000;
const ADDRESS = /bootstrap\.servers=(\S+)/;

/** Whether a real broker can be started here, or why not (to print when the tests fall back). */
export function findRealKafkaBroker(): { startScript: string } | { missing: string } {
  if (!existsSync(START_SCRIPT)) return { missing: `there is no real Kafka broker to start (${START_SCRIPT} is missing)` };
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).error) {
    return { missing: `java is not installed, which the real Kafka broker of ${SHARED_KAFKA_DIR} needs (apt-get install -y openjdk-17-jre-headless)` };
  }
  return { startScript: START_SCRIPT };
}

/**
 * Starts a broker in a temporary folder. A watchdog process stops it and removes the folder when
 * the owner (this process unless told) ends without stopping it (a crashed or killed test run).
 */
export async function startRealKafkaBroker(ownerPid = process.pid): Promise<RealKafkaBroker> {
  const found = findRealKafkaBroker();
  if ('missing' in found) throw new Error(found.missing);
  // The script takes free ports at random and binds them a moment later: another process may take
  // one in between (ZooKeeper then fails to bind). A start that failed is made again, on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(ownerPid);
    } catch (error) {
      if (attempt >= START_ATTEMPTS) throw error;
      console.warn(`The Kafka broker did not start (attempt ${attempt} of ${START_ATTEMPTS}), starting it again: ${errorMessage(error).split('\n')[0]}`);
    }
  }
}

const START_ATTEMPTS = 3;

/** The longest a start of the broker takes, its tries on new ports included: what a test hook that starts one gives it. */
export const REAL_KAFKA_START_TIMEOUT_MS = START_ATTEMPTS * START_TIMEOUT_MS;

/**
 * What the broker logs when it gave up starting (a port another process took meanwhile): the start
 * script would wait out its own deadline for it; the start is tried again at once instead.
 */
const FATAL_START = /Fatal error during KafkaServer startup|Address already in use/;

async function startOnce(ownerPid: number): Promise<RealKafkaBroker> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kafka-test-'));
  const watchdog = spawn('sh', ['-c', 'while kill -0 "$0" 2>/dev/null; do sleep 1; done; "$1" "$2"; rm -rf "$2"', String(ownerPid), STOP_SCRIPT, dataDir], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  const stop = async () => {
    watchdog.kill('SIGKILL');
    await runScript(STOP_SCRIPT, [dataDir], 30_000).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const output = await runScript(START_SCRIPT, [dataDir], START_TIMEOUT_MS, () => fatalStartOf(dataDir));
    const address = ADDRESS.exec(output);
    if (!address) throw new Error(`${START_SCRIPT} printed no bootstrap.servers: ${output.slice(-2000)}`);
    const brokers = address[1].split(',');
    return {
      brokers,
      dataDir,
      stop,
      stopBroker: async () => void (await runScript(STOP_SCRIPT, [dataDir], 30_000)),
      restartBroker: async () => {
        const restarted = ADDRESS.exec(await runScript(START_SCRIPT, [dataDir, '--keep'], START_TIMEOUT_MS))?.[1];
        if (restarted !== address[1]) throw new Error(`The broker came back on ${restarted ?? 'no address'} instead of ${address[1]}`);
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The line of the broker's log that says it gave up starting, or null while it has not. */
function fatalStartOf(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, 'logs', 'kafka.out'), 'utf8').split('\n').find((line) => FATAL_START.test(line)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs a script to its end and resolves with its output, or rejects with it; `failed`, looked at
 * twice a second, ends it early with the reason it answers.
 */
function runScript(script: string, args: string[], timeoutMs: number, failed: () => string | null = () => null): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    // stdout only through a pipe: the broker and ZooKeeper it leaves running write to their log files.
    const child = spawn(script, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => void (output.length < 100_000 && (output += chunk.toString()));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const watch = setInterval(() => {
      const reason = failed();
      if (reason === null) return;
      output += `\n${reason}`;
      child.kill('SIGKILL');
    }, 500);
    child.once('error', (error) => {
      clearTimeout(timer);
      clearInterval(watch);
      reject(new Error(`${script} could not run: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      if (code === 0) resolvePromise(output);
      else reject(new Error(`${script} ${args.join(' ')} failed (code ${code}, signal ${signal}): ${output.slice(-2000) || '(no output)'}`));
    });
  });
}
