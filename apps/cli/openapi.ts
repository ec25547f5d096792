// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
import { join } from 'node:path';
import { gatewayOpenApiDocument } from './openapi-document/gateway-openapi-document';
import { problemsOfOpenApiFiles, writeOpenApiFiles } from './openapi-document/openapi-files';
import { errorDetail } from '@app/errors';

/**
 * `npm run openapi` (`node dist/apps/cli/openapi.js`, after a build): writes the gateway's OpenAPI
 * document to docs/openapi.json and the client's types made from it to libs/client/src/api-schema.ts.
 * With `--check` it writes nothing: it exits 1, saying why, when either file is not what the code
 * makes or the document is not valid OpenAPI (`npm test` runs it). `--root <dir>` names another
 * copy of the repository than the one this build is in.
 */
async function main(args: string[]): Promise<number> {
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args[rootAt + 1] : join(__dirname, '../../..');
  const document = await gatewayOpenApiDocument();
  if (!args.includes('--check')) {
    print(`Wrote ${(await writeOpenApiFiles(root, document)).join(' and ')}`);
    return 0;
  }
  const problems = await problemsOfOpenApiFiles(root, document);
  for (const problem of problems) print(problem);
  if (problems.length === 0) print('docs/openapi.json and the client types are what the code makes, and the document is valid OpenAPI');
  return problems.length === 0 ? 0 : 1;
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${errorDetail(error)}\n`);
    process.exit(1);
  },
);
