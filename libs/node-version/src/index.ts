/**
 * Imported first by every entry point (each app's main and the command-line tools), before any
 * module that needs Node.js 24 (node:sqlite among them) is loaded: on an older Node.js the process
 * says so in one line and exits with status 1, instead of crashing on a missing built-in module.
 * Plain code that any Node.js runs: no import, no newer syntax or API.
 */
const MINIMUM_NODE_MAJOR = 24;
const runningNode = process.versions.node;

if (Number(runningNode.split('.')[0]) < MINIMUM_NODE_MAJOR) {
  process.stderr.write('This service needs Node.js ' + MINIMUM_NODE_MAJOR + ' or newer; this is Node.js ' + runningNode + '.\n');
  process.exit(1);
}

export {};
