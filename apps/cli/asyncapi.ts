// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
import { join } from 'node:path';
import { asyncApiFiles } from './asyncapi-document/asyncapi-files';
import { problemsOfGeneratedFiles, writeGeneratedFiles } from './generated-files';
import { errorDetail } from '@app/errors';

/**
 * `npm run asyncapi` (`node dist/apps/cli/asyncapi.js`, after a build): writes docs/asyncapi.yaml
 * and the message schemas the contracts read messages with, both made from the message types of
 * libs/contracts (a development tool: it reads the TypeScript sources). With `--check` it writes
 * nothing and exits 1, saying why, when either file is not what the types make. `--root <dir>`
 * names another copy of the repository than the one this build is in.
 */
function main(args: string[]): number {
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args[rootAt + 1] : join(__dirname, '../../..');
  const files = asyncApiFiles(root);
  if (!args.includes('--check')) {
    print(`Wrote ${writeGeneratedFiles(root, files).join(' and ')}`);
    return 0;
  }
  const problems = problemsOfGeneratedFiles(root, files, 'run `npm run asyncapi` and commit the files it writes');
  for (const problem of problems) print(problem);
  if (problems.length === 0) print('docs/asyncapi.yaml and the message schemas are what the message types make');
  return problems.length === 0 ? 0 : 1;
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

try {
  process.exit(main(process.argv.slice(2)));
} catch (error) {
  process.stderr.write(`${errorDetail(error)}\n`);
  process.exit(1);
}
