import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventually } from '@app/testing/eventually';
import { freePort, ProcessExit } from './support/node-process';
import { DEFAULT_ADMIN_TOKEN } from './support/service-process';
import { findOlderNode } from './support/older-node';

jest.setTimeout(300_000);

const ROOT = resolve(__dirname, '../..');
/** `npm start`'s command, as package.json has it: `node scripts/run-built.mjs node ... dist/apps/standalone/main.js`. */
const START_ARGS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(' ').slice(1);
/** What the build step of a start says before it builds. */
const BUILDING = /building the service/;
const STAMP = 'dist/.build-inputs';

interface StartRun {
  exited: Promise<ProcessExit>;
  output(): string;
  signal(signal: NodeJS.Signals): void;
}

/** `npm start`'s command in `root`, with this Node.js (or `node`), its own data directory and port. */
function start(root: string, env: NodeJS.ProcessEnv, node = process.execPath): StartRun {
  const child = spawn(node, START_ARGS, { cwd: root, env: { ...process.env, NODE_OPTIONS: '', ADMIN_TOKEN: DEFAULT_ADMIN_TOKEN, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    exited: new Promise((done) => child.once('exit', (code, signal) => done({ code, signal }))),
    output: () => output,
    signal: (signal) => void child.kill(signal),
  };
}

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

const olderNode = findOlderNode();

(olderNode ? it : it.skip)(`npm start on a Node.js older than 24 (${olderNode ? `${olderNode.path}, ${olderNode.version}` : 'skipped: no Node.js older than 24 found; set OLDER_NODE to one'}) says so, with how to get 24, and exits 1 without building`, async () => {
  if (!existsSync(join(ROOT, STAMP))) throw new Error('dist is missing: run "npm run build" before the e2e suite');
  const stampBefore = statSync(join(ROOT, STAMP)).mtimeMs;
  const run = start(ROOT, { PORT: '0', DATA_DIR: join(tmpdir(), 'sps-never-created') }, olderNode!.path);
  expect(await run.exited).toEqual({ code: 1, signal: null });
  expect(run.output()).toBe(
    `This service needs Node.js 24 or newer; this is Node.js ${olderNode!.version}.\n` +
      'Get Node.js 24 for this shell: npm install --prefix ~/.node24 node@24 && export PATH=~/.node24/node_modules/.bin:$PATH\n',
  );
  expect(statSync(join(ROOT, STAMP)).mtimeMs).toBe(stampBefore);
});

/** In a copy of the repository with its build: the real dist is never rebuilt under the other tests. */
describe('npm start in a copy of the repository, built', () => {
  let copy: string;
  let dataDir: string;
  const stampOf = () => ({ hash: readFileSync(join(copy, STAMP), 'utf8'), mtimeMs: statSync(join(copy, STAMP)).mtimeMs });

  beforeAll(() => {
    if (!existsSync(join(ROOT, STAMP))) throw new Error('dist is missing or has no build stamp: run "npm run build" before the e2e suite');
    copy = mkdtempSync(join(tmpdir(), 'sps-npm-start-'));
    dataDir = join(copy, 'data');
    for (const entry of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'apps', 'libs', 'test', 'scripts', 'dist']) {
      cpSync(join(ROOT, entry), join(copy, entry), { recursive: true, preserveTimestamps: true });
    }
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'));
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('with nothing changed since the build, starts the service without building; a SIGTERM reaches the service, which shuts down, and the start ends as it did', async () => {
    const stamp = stampOf();
    const port = await freePort();
    const run = start(copy, { PORT: String(port), DATA_DIR: dataDir });
    await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status === 200, 'the service to be ready', { timeoutMs: 60_000, intervalMs: 200 });
    expect(stampOf()).toEqual(stamp);
    expect(run.output()).not.toMatch(BUILDING);

    run.signal('SIGTERM');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(run.output()).toContain('Embedded database closed');
  });

  it('with a source changed, builds first; the service\'s exit code is the start\'s; the next start does not build again', async () => {
    const before = stampOf();
    appendFileSync(join(copy, 'libs/config/src/app-config.ts'), '\n// A change since the last build.\n');
    const holder = await listenOn(0);
    const taken = String((holder.address() as { port: number }).port);
    try {
      const rebuilt = start(copy, { PORT: taken, DATA_DIR: dataDir });
      expect(await rebuilt.exited).toEqual({ code: 1, signal: null });
      expect(rebuilt.output()).toMatch(/The sources changed since the last build: building the service/);
      expect(rebuilt.output()).toContain(`Cannot listen on 0.0.0.0:${taken}: another process is using port ${taken}.`);
      const after = stampOf();
      expect(after.hash).not.toBe(before.hash);
      expect(after.mtimeMs).toBeGreaterThan(before.mtimeMs);

      const again = start(copy, { PORT: taken, DATA_DIR: dataDir });
      expect(await again.exited).toEqual({ code: 1, signal: null });
      expect(again.output()).not.toMatch(BUILDING);
      expect(stampOf()).toEqual(after);
    } finally {
      holder.close();
    }
  });
});
