import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventually } from '@app/testing/eventually';
import { freePort } from './support/node-process';

jest.setTimeout(600_000);

const REPOSITORY = resolve(__dirname, '../..');

/** The bash blocks of README.md's "Quick start" section, in order, without the indentation of the list they are in. */
function quickStartBlocks(readme: string): string[] {
  const section = readme.split('\n## Quick start\n')[1]?.split('\n## ')[0];
  if (!section) throw new Error('README.md has no "## Quick start" section');
  return [...section.matchAll(/^( *)```bash\n([\s\S]*?)^\1```$/gm)].map(([, indent, body]) =>
    body
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n'),
  );
}

/** Replaces a text that must be in the block (the README and this test keep to the same words). */
function replaceIn(block: string, text: string, by: string): string {
  if (!block.includes(text)) throw new Error(`the Quick start block no longer has "${text}":\n${block}`);
  return block.split(text).join(by);
}

/**
 * One bash session, as a reader's shell: the test pastes a block, then an `echo` of its own that
 * marks where the block ended, and waits for that mark. Everything printed, the service's and the
 * receiver's output included (they run in its background), is kept.
 */
class BashSession {
  private output = '';
  private readonly shell: ChildProcess;
  private exit: string | null = null;

  constructor(cwd: string, env: NodeJS.ProcessEnv) {
    // Its own process group: the service and the receiver started in its background end with it.
    this.shell = spawn('bash', [], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => (this.output += chunk.toString());
    this.shell.stdout!.on('data', collect);
    this.shell.stderr!.on('data', collect);
    this.shell.once('exit', (code, signal) => (this.exit = `bash exited (${code ?? signal})`));
  }

  printed(): string {
    return this.output;
  }

  /** Pastes the commands and returns what was printed until they ended. */
  async paste(commands: string, timeoutMs: number): Promise<string> {
    const mark = `quick-start-step-ended-${Math.random().toString(36).slice(2)}`;
    const from = this.output.length;
    this.shell.stdin!.write(`${commands}\necho ${mark}\n`);
    await eventually(
      () => {
        if (this.exit) throw new Error(`${this.exit} in:\n${commands}\nIt printed:\n${this.output.slice(from)}`);
        return this.output.includes(mark, from);
      },
      () => `the commands to end:\n${commands}\nThey printed:\n${this.output.slice(from).slice(-4000)}`,
      { timeoutMs, intervalMs: 200 },
    );
    return this.output.slice(from, this.output.indexOf(mark, from));
  }

  /** Waits until the session printed a line that matches. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    return eventually(() => this.output.match(pattern), () => `a line ${pattern} in:\n${this.output.slice(-4000)}`, { timeoutMs, intervalMs: 200 });
  }

  /** Ends the session and everything it started (SIGTERM, SIGKILL after 20 s). */
  async end(): Promise<void> {
    const group = -this.shell.pid!;
    const signalGroup = (signal: NodeJS.Signals | 0) => {
      try {
        process.kill(group, signal);
        return true;
      } catch {
        return false; // no process is left in the group
      }
    };
    signalGroup('SIGTERM');
    await eventually(() => !signalGroup(0), 'the session to end', { timeoutMs: 20_000, intervalMs: 200 }).catch(() => signalGroup('SIGKILL'));
  }
}

/**
 * The JSON objects the session printed, each at the start of a line. The service and the receiver
 * print in the background of the same session, so a line of theirs may land right after an
 * answer, before its newline: an object is read up to the last `}` that makes it whole.
 */
function jsonObjects(printed: string): Record<string, unknown>[] {
  return printed
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      for (let end = line.lastIndexOf('}'); end > 0; end = line.lastIndexOf('}', end - 1)) {
        try {
          return [JSON.parse(line.slice(0, end + 1)) as Record<string, unknown>];
        } catch {
          // not whole yet: a shorter one
        }
      }
      return [];
    });
}

/** The one object printed that has this field, to say what was printed when there is none. */
function printedWith(printed: string, field: string): Record<string, unknown> {
  const found = jsonObjects(printed).filter((object) => field in object);
  if (found.length !== 1) throw new Error(`expected one JSON answer with "${field}", found ${found.length} in:\n${printed}`);
  return found[0];
}

/**
 * README.md's Quick start, run as a stranger runs it: a fresh clone of this commit (what is
 * committed is what is run), its bash blocks pasted in order into one bash session as written, and
 * what each step promises checked before the next. The test changes only this:
 * - `npm install`: the clone links this repository's node_modules instead (installing takes
 *   minutes and the network); the block's `npm install` line is the one step not repeated.
 * - ports: 3000 and 4000 may be taken where tests run. The service gets a free port through PORT,
 *   and the addresses of the blocks are rewritten to it, as the example receiver's 4000.
 * - HOME: a new directory, where step 1 must install nothing when the test runs on Node.js 24.
 * - errexit and pipefail are on, so that any command of a block that fails ends the session.
 */
describe('README.md Quick start, pasted into one bash session in a fresh clone', () => {
  let blocks: string[];
  let workDir: string;
  let clone: string;
  let home: string;
  let port: number;
  let receiverPort: number;
  let session: BashSession;
  const base = () => `http://localhost:${port}`;
  /** A block as the test pastes it: the same commands, on this run's ports. */
  const pasted = (block: string) => block.replaceAll('localhost:3000', `localhost:${port}`).replaceAll('127.0.0.1:4000', `127.0.0.1:${receiverPort}`).replaceAll('listen(4000)', `listen(${receiverPort})`);

  beforeAll(async () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    workDir = mkdtempSync(join(tmpdir(), 'readme-quick-start-'));
    clone = join(workDir, 'clone');
    home = join(workDir, 'home');
    mkdirSync(home);
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPOSITORY, encoding: 'utf8' }).trim();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', REPOSITORY, clone]);
    execFileSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: clone });
    symlinkSync(realpathSync(join(REPOSITORY, 'node_modules')), join(clone, 'node_modules'));
    blocks = quickStartBlocks(readFileSync(join(clone, 'README.md'), 'utf8'));
    expect(blocks).toHaveLength(7);
    port = await freePort();
    receiverPort = await freePort();
    const env = { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', TMPDIR: tmpdir(), PORT: String(port) };
    session = new BashSession(clone, env);
    await session.paste('set -o errexit -o pipefail', 5_000);
  });
  afterAll(async () => {
    await session?.end();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('1. Node.js 24: on 24 already, the step installs nothing', async () => {
    await session.paste(pasted(blocks[0]), 30_000);
    expect(existsSync(join(home, '.node24'))).toBe(false);
    expect((await session.paste('node --version', 10_000)).trim()).toMatch(/^v(2[4-9]|[3-9]\d)\./);
  });

  it('2. Start it: the clone builds and starts in the background, and prints where the API, the dashboard and the docs are', async () => {
    const block = replaceIn(pasted(blocks[1]), '\nnpm install\n', '\n'); // the one step not repeated: node_modules is linked
    await session.paste(block, 300_000);
    await session.waitForLine(new RegExp(`Dashboard: +${base()}/app`), 10_000);
    expect(session.printed()).toContain(`${base()}/api/docs`);
    expect(existsSync(join(clone, 'data'))).toBe(true);
  });

  it('3. The token: api and json are defined, and /api/me answers the admin without a workspace', async () => {
    const printed = await session.paste(pasted(blocks[2]), 30_000);
    expect(printedWith(printed, 'is_admin')).toEqual({ user_id: 1, is_admin: true, workspaces: [] });
  });

  it('4. The dashboard: / redirects to /app, which answers its page', async () => {
    const root = await fetch(`${base()}/`, { redirect: 'manual' });
    expect([301, 302, 303, 307, 308]).toContain(root.status);
    expect(root.headers.get('location')).toBe('/app');
    const app = await fetch(`${base()}/app`);
    expect(app.status).toBe(200);
    expect(app.headers.get('content-type')).toContain('text/html');
  });

  it('5. A workspace: its creator is its admin and may approve', async () => {
    const workspace = printedWith(await session.paste(pasted(blocks[3]), 30_000), 'membership');
    expect(workspace).toMatchObject({ name: 'Acme', membership: { role: 'admin', can_approve: true } });
    expect((await session.paste('echo "$WORKSPACE"', 5_000)).trim()).toBe(workspace.uuid);
  });

  it('6. A sandbox account: connected, authorized, account 1', async () => {
    expect(printedWith(await session.paste(pasted(blocks[4]), 30_000), 'provider')).toMatchObject({ id: 1, provider: 'sandbox', name: 'Acme Sandbox', authorized: true });
  });

  it('7. A first post: scheduled now, then published, its history ending in post.published', async () => {
    const printed = await session.paste(pasted(blocks[5]), 60_000);
    // The answer to the POST comes first, then the post and its history as the block reads them.
    const [created] = jsonObjects(printed);
    expect(created).toMatchObject({ status: 'scheduled', uuid: expect.any(String) });
    // The block waits a moment before it looks; on a loaded machine publishing may take longer.
    const published = await eventually(
      async () => {
        const post = printedWith(await session.paste(`api ${base()}/api/$WORKSPACE/posts/$POST`, 10_000), 'status');
        return post.status === 'published' && post;
      },
      'the first post to be published',
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
    expect(published).toMatchObject({ uuid: created.uuid, accounts: [expect.objectContaining({ external_url: expect.any(String) })] });
    expect(await session.paste(`api ${base()}/api/$WORKSPACE/posts/$POST/history`, 10_000)).toContain('"post.published"');
  });

  it('8. A local webhook: the example receiver verifies and prints post.scheduled and post.published of the second post', async () => {
    const printed = await session.paste(pasted(blocks[6]), 60_000);
    const second = jsonObjects(printed).find((answer) => answer.status === 'scheduled' && 'versions' in answer);
    if (!second) throw new Error(`no answer of a scheduled post in:\n${printed}`);
    await session.waitForLine(new RegExp(`^post\\.scheduled ${second.uuid} \\w+$`, 'm'), 60_000);
    await session.waitForLine(new RegExp(`^post\\.published ${second.uuid} published$`, 'm'), 60_000);
    // The secret the block kept (said without printing it).
    expect((await session.paste('[[ $SECRET == whsec_* ]] && echo "a webhook secret" || echo "not a webhook secret"', 5_000)).trim()).toBe('a webhook secret');
  });
});
