/**
 * `npm start`: `node scripts/run-built.mjs node <node arguments>`.
 * 1. On a Node.js older than package.json's `engines.node`, says so with how to get a newer one, and
 *    exits 1 before anything else (so this part is written for any Node.js that runs ES modules).
 * 2. Builds (`npm run build`) when the build's inputs changed since the last successful build, or
 *    there is none yet (scripts/build-inputs.mjs); otherwise starts at once.
 * 3. Runs the command with this Node.js, passes it the signals this process gets, and ends as it
 *    ended (its exit code, or the signal that ended it).
 */
import { readFileSync } from 'fs';
import process from 'process';
import { URL } from 'url';

const HOW_TO_GET_NODE = 'npm install --prefix ~/.node24 node@24 && export PATH=~/.node24/node_modules/.bin:$PATH';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimumMajor = Number(/\d+/.exec(packageJson.engines.node)[0]);
const runningNode = process.versions.node;
if (Number(runningNode.split('.')[0]) < minimumMajor) {
  // The first line is the one every app prints (libs/node-version).
  process.stderr.write('This service needs Node.js ' + minimumMajor + ' or newer; this is Node.js ' + runningNode + '.\n');
  process.stderr.write('Get Node.js ' + minimumMajor + ' for this shell: ' + HOW_TO_GET_NODE + '\n');
  process.exit(1);
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('Usage: node scripts/run-built.mjs node <arguments>   (builds first when the sources changed)\n');
  process.exit(1);
}
// Loaded only now: what follows may use what the minimum Node.js has.
Promise.all([import('./build-inputs.mjs'), import('./run-passing-signals.mjs')]).then(([{ buildIfInputsChanged }, { runPassingSignals }]) => {
  buildIfInputsChanged();
  runPassingSignals(command === 'node' ? process.execPath : command, args);
});
