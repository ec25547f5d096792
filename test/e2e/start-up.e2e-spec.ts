import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { NodeProcess, freePort } from './support/node-process';
import { DEFAULT_ADMIN_TOKEN, startService, STANDALONE_MAIN } from './support/service-process';

jest.setTimeout(120_000);

/** The most lines a first embedded start may print before its banner: the key it generated and the admin user it created. */
const MOST_LINES_BEFORE_BANNER = 4;
const BANNER = 'Social publishing service ready (embedded mode';

function listenOn(host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

const DISTRIBUTED_APPS = ['gateway', 'post-service', 'scheduler', 'publisher', 'webhook-dispatcher'];
const mainOf = (app: string) => resolve(__dirname, `../../dist/apps/${app}/main.js`);

/** Runs a built app (by default the embedded service) to its end: its exit code and what it printed. */
function runToExit(env: NodeJS.ProcessEnv, main = STANDALONE_MAIN): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], { env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The port-first start and the quiet log of the built service. */
describe('the start of the built service', () => {
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sps-start-up-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('on a port another process holds: one line naming the address and PORT, exit 1, and no database in DATA_DIR', async () => {
    const holder = await listenOn('0.0.0.0', 0);
    const taken = (holder.address() as { port: number }).port;
    const dataDir = newDataDir();
    try {
      const run = await runToExit({ PORT: String(taken), DATA_DIR: dataDir, ADMIN_TOKEN: DEFAULT_ADMIN_TOKEN });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`ERROR \\[Standalone\\] Cannot listen on 0\\.0\\.0\\.0:${taken}: another process is using port ${taken}\\. Set PORT to a free port, or stop the other process\\.$`));
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      holder.close();
    }
  });

  it.each(DISTRIBUTED_APPS)('%s, distributed, on a port another process holds: the same one line, exit 1, before it reaches for Kafka or PostgreSQL', async (app) => {
    const holder = await listenOn('0.0.0.0', 0);
    const taken = (holder.address() as { port: number }).port;
    try {
      const run = await runToExit(
        // Nothing answers at these addresses: an app that reached for them would log more than one line.
        { PORT: String(taken), KAFKA_BROKERS: '127.0.0.1:1', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', EVENTSTORE_PG_URL: 'postgres://postgres@127.0.0.1:1/none', ENCRYPTION_KEY: randomBytes(32).toString('base64') },
        mainOf(app),
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`ERROR \\[${app}\\] Cannot listen on 0\\.0\\.0\\.0:${taken}: another process is using port ${taken}\\. Set PORT to a free port, or stop the other process\\.$`));
    } finally {
      holder.close();
    }
  });

  it('with HOST=127.0.0.1, answers on loopback and not on another address of this machine (127.0.0.2)', async () => {
    const service = await startService({ env: { HOST: '127.0.0.1' }, dataDir: newDataDir() });
    try {
      const port = new URL(service.baseUrl).port;
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
      const elsewhere = await fetch(`http://127.0.0.2:${port}/health/ready`).then(
        () => 'answered',
        (error: Error) => (error.cause as NodeJS.ErrnoException | undefined)?.code,
      );
      expect(elsewhere).toBe('ECONNREFUSED');
    } finally {
      await service.stop();
    }
  });

  it(`by default (every interface), answers on 127.0.0.2 too; a first start prints at most ${MOST_LINES_BEFORE_BANNER} lines before its banner, and no escape sequence when piped`, async () => {
    const port = await freePort();
    // Colours are left out for the pipe alone, not for NO_COLOR.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', DATA_DIR: newDataDir(), ADMIN_TOKEN: DEFAULT_ADMIN_TOKEN };
    delete env.NO_COLOR;
    const service = await NodeProcess.start({ name: 'the service', main: STANDALONE_MAIN, port, env, readyTimeoutMs: 60_000 });
    try {
      expect((await fetch(`http://127.0.0.2:${port}/health/ready`)).status).toBe(200);
      const output = service.text();
      expect(output).not.toContain('\u001b');
      const lines = output.split('\n');
      const bannerAt = lines.findIndex((line) => line.includes(BANNER));
      expect(bannerAt).toBeGreaterThanOrEqual(0);
      const beforeBanner = lines.slice(0, bannerAt);
      expect(beforeBanner.length).toBeLessThanOrEqual(MOST_LINES_BEFORE_BANNER);
      expect(beforeBanner).toEqual(expect.arrayContaining([expect.stringContaining('Generated an encryption key'), expect.stringContaining('No users yet: created admin user 1')]));
    } finally {
      await service.stop();
    }
  });
});
