import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { withExclusivePreparation } from './exclusive-preparation';

/**
 * The Node.js the local PDS runs on. The PDS (`@atproto/dev-env`) keeps its data with
 * better-sqlite3, whose statements, when the garbage collector finalizes them at certain moments,
 * trip an assertion of Node.js 24 and abort the process (SIGABRT in `RemoveEnvironmentCleanupHook`,
 * now and then, under load); on Node.js 22 they do not. So the PDS runs in a process of its own on
 * the first of:
 *  1. `PDS_NODE`, when set;
 *  2. Node.js 22 from the user's cache (`PDS_NODE_DIR`, else `~/.cache/social-publishing/node22`),
 *     installed there from the npm registry (`npm install --prefix <dir> node@22`) when missing;
 *  3. the Node.js running the tests (the PDS may then abort now and then).
 * Each must load better-sqlite3, whose native addon is built for one Node.js ABI: when it does not,
 * better-sqlite3 is rebuilt for it (`npm rebuild better-sqlite3 --nodedir=<its headers>`). With
 * none of them, the suites that host a PDS are skipped, saying why. Only the PDS loads
 * better-sqlite3: the service itself uses `node:sqlite`.
 */
export type PdsNodeChoice = { node: string; version: string; why: string } | { missing: string };

const REPOSITORY = join(__dirname, '..', '..', '..');
const NODE_22_REASON = "the PDS's better-sqlite3 aborts Node.js 24 now and then, Node.js 22 not";
const LOAD_BETTER_SQLITE3 = `try { new (require('better-sqlite3'))(':memory:').close() } catch (error) { console.error(error.message.replace(/\\s+/g, ' ')); process.exit(1) }`;

let chosen: PdsNodeChoice | undefined;

/** Which Node.js the local PDS runs on and why, prepared once per test process; prints it the first time. */
export function choosePdsNode(): PdsNodeChoice {
  if (chosen) return chosen;
  chosen = choose();
  if (!('missing' in chosen)) process.stderr.write(`The local PDS runs on Node.js ${chosen.version} (${chosen.node}): ${chosen.why}.\n`);
  return chosen;
}

function choose(): PdsNodeChoice {
  const variable = process.env.PDS_NODE?.trim();
  const preferred = variable ? ready(variable, 'PDS_NODE names it') : node22FromCache();
  if (!('missing' in preferred)) return preferred;
  const unavailable = variable ? `PDS_NODE (${variable}) cannot run the PDS: ${preferred.missing}` : `Node.js 22 cannot be had: ${preferred.missing}`;
  const runner = ready(process.execPath, `the test runner's Node.js, as ${unavailable}; the PDS may abort now and then`);
  if (!('missing' in runner)) return runner;
  return { missing: `${unavailable}; and the test runner's Node.js cannot either: ${runner.missing}` };
}

function node22FromCache(): PdsNodeChoice {
  const dir = process.env.PDS_NODE_DIR?.trim() || join(userCacheDir(), 'node22');
  const node = join(dir, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  let installed = '';
  if (!existsSync(node)) {
    const failure = withExclusivePreparation(preparationLock(), () => {
      if (existsSync(node)) return undefined;
      process.stderr.write(`Installing Node.js 22 for the local PDS from the npm registry into ${dir}\n`);
      const install = run('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', 'node@22'], process.env.PATH);
      return install.ok && existsSync(node) ? undefined : `npm install --prefix ${dir} node@22 failed: ${install.output}`;
    });
    if (failure) return { missing: failure };
    installed = ', installed now from the npm registry';
  }
  return ready(node, `${NODE_22_REASON} (Node.js 22 of ${dir}${installed})`);
}

/** `node` when it runs and loads better-sqlite3, after rebuilding better-sqlite3 for it when needed. */
function ready(node: string, why: string): PdsNodeChoice {
  const version = run(node, ['-p', 'process.version']);
  if (!version.ok) return { missing: `${node} does not run: ${version.output}` };
  if (loadsBetterSqlite3(node) === undefined) return { node, version: version.output, why };
  const failure = withExclusivePreparation(preparationLock(), () => {
    const before = loadsBetterSqlite3(node);
    if (before === undefined) return undefined;
    process.stderr.write(`Rebuilding better-sqlite3 for Node.js ${version.output} (${node}), the local PDS's: ${before}\n`);
    const rebuild = rebuildBetterSqlite3(node, version.output);
    const after = loadsBetterSqlite3(node);
    if (after === undefined) return undefined;
    return rebuild.ok ? `better-sqlite3 does not load even rebuilt for it: ${after}` : `better-sqlite3 could not be rebuilt for it: ${rebuild.output}`;
  });
  if (failure) return { missing: `${node} (${version.output}): ${failure}` };
  return { node, version: version.output, why: `${why}; better-sqlite3 rebuilt for it now` };
}

/** Why `node` cannot load better-sqlite3 from this repository, or undefined when it can. */
function loadsBetterSqlite3(node: string): string | undefined {
  const load = run(node, ['-e', LOAD_BETTER_SQLITE3]);
  return load.ok ? undefined : load.output;
}

/**
 * Runs npm on `node` itself (its folder first on PATH), so that prebuild-install fetches, or
 * node-gyp builds, the addon for that Node.js and not for the one running the tests; and names its
 * headers explicitly, since an `.npmrc` may name other ones (`nodedir`).
 */
function rebuildBetterSqlite3(node: string, version: string): { ok: boolean; output: string } {
  const headers = headersOf(node, version);
  const args = ['rebuild', 'better-sqlite3', ...(headers ? [`--nodedir=${headers}`] : [])];
  return run('npm', args, `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`);
}

/** The folder holding `include/node` of exactly this Node.js version: beside the binary, or in its npm package. */
function headersOf(node: string, version: string): string | undefined {
  const [major, minor, patch] = version.replace(/^v/, '').split('.');
  const prefixes = [node, realpathSync(node)].map((binary) => dirname(dirname(binary)));
  const candidates = prefixes.flatMap((prefix) => [prefix, join(prefix, 'node_modules', `node-${process.platform}-${process.arch}`)]);
  return candidates.find((candidate) => {
    const header = join(candidate, 'include', 'node', 'node_version.h');
    if (!existsSync(header)) return false;
    const text = readFileSync(header, 'utf8');
    return [['MAJOR', major], ['MINOR', minor], ['PATCH', patch]].every(([part, value]) => new RegExp(`#define NODE_${part}_VERSION ${value}\\b`).test(text));
  });
}

function run(command: string, args: string[], path?: string): { ok: boolean; output: string } {
  const env = path === undefined ? process.env : { ...process.env, PATH: path };
  const result = spawnSync(command, args, { cwd: REPOSITORY, env, encoding: 'utf8', timeout: 15 * 60_000 });
  const output = `${result.error?.message ?? ''}${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  return { ok: result.status === 0, output: result.status === 0 ? output : output.slice(-600) };
}

function userCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'), 'social-publishing');
}

function preparationLock(): string {
  return join(userCacheDir(), 'local-pds-preparation.lock');
}
