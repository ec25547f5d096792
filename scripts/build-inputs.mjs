/**
 * What a build is made of, and the stamp a successful build leaves in dist: a hash of every input's
 * path and content. `npm start` builds again only when the hash of the inputs now differs from the
 * stamp (a file changed, added or removed; a checkout back to the same content does not count).
 *
 * `node scripts/build-inputs.mjs stamp` (the last step of `npm run build`) writes the stamp;
 * buildIfInputsChanged is the build step of `npm start` (scripts/run-built.mjs).
 * Plain JavaScript with Node's built-in modules only: it runs before anything is built.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Folders whose files the build compiles or bundles (tsconfig.build.json, the dashboard's vite
 * config under apps/); the benchmarks import the e2e suite's process support.
 */
const INPUT_FOLDERS = ['apps', 'libs', 'test/bench', 'test/e2e/support'];
/** Files at the top that shape the build: the compiler settings, the build command, the dependencies' versions. */
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];
/** Tests beside the sources: the build leaves them out, so a change to one needs no build. */
const NOT_BUILT = /\.(spec|int-spec|e2e-spec)\.tsx?$/;

export const STAMP_FILE = join(ROOT, 'dist', '.build-inputs');

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() && !NOT_BUILT.test(entry.name) ? [path] : [];
  });
}

/** The hash of the build's inputs as they are now: each file's path (with `/`) and content, in path order. */
export function inputsHash() {
  const files = [...INPUT_FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder))), ...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file))];
  const named = files.map((file) => ({ file, name: relative(ROOT, file).split(sep).join('/') })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = createHash('sha256');
  for (const { file, name } of named) {
    const content = readFileSync(file);
    hash.update(`${name}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** The hash the last successful build was made from, or null when dist has none (never built, or cleaned). */
export function stampedHash() {
  return existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8').trim() : null;
}

export function writeStamp(hash) {
  writeFileSync(STAMP_FILE, `${hash}\n`);
}

/**
 * Runs `npm run build` (which cleans dist, then stamps it) unless dist was built from the inputs as
 * they are now; exits with the build's status when it fails. Inputs changed while it built leave
 * no stamp, so that the next start builds them.
 */
export function buildIfInputsChanged() {
  const before = inputsHash();
  const stamped = stampedHash();
  if (stamped === before) return;
  process.stderr.write(stamped === null ? 'No build yet: building the service (about a minute)...\n' : 'The sources changed since the last build: building the service (about a minute)...\n');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write(`The build failed (${build.error ? build.error.message : `exit status ${build.status ?? build.signal}`}): the service was not started.\n`);
    process.exit(build.status || 1);
  }
  if (inputsHash() !== before) rmSync(STAMP_FILE, { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== 'stamp') {
    process.stderr.write('Usage: node scripts/build-inputs.mjs stamp   (after a successful build: records what dist was built from)\n');
    process.exit(1);
  }
  writeStamp(inputsHash());
}
