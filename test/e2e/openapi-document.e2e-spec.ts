import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(60_000);

const ROOT = resolve(__dirname, '../..');
const OPENAPI_MAIN = join(ROOT, 'dist/apps/cli/openapi.js');
const DOCUMENT = 'docs/openapi.json';
const TYPES = 'libs/client/src/api-schema.ts';

/** `node dist/apps/cli/openapi.js --check [--root dir]`: its exit code and what it printed. */
async function check(root?: string): Promise<{ code: number; stdout: string }> {
  const args = [OPENAPI_MAIN, '--check', ...(root ? ['--root', root] : [])];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { env: { ...process.env, NODE_OPTIONS: '' } });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
  }
}

/** The OpenAPI document in docs/ and the client's types made from it, against the built code (`npm run openapi -- --check`). */
describe('the OpenAPI document checked in, and the client types made from it', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'openapi-check-'));
    mkdirSync(join(copy, 'docs'));
    mkdirSync(join(copy, 'libs/client/src'), { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('are what the code makes, and the document is valid OpenAPI (swagger-parser)', async () => {
    expect(await check()).toEqual({ code: 0, stdout: 'docs/openapi.json and the client types are what the code makes, and the document is valid OpenAPI\n' });
  });

  it('fail the check when they drift from the code, or the document is not valid', async () => {
    const document = JSON.parse(readFileSync(join(ROOT, DOCUMENT), 'utf8'));
    document.paths['/api/{workspaceUuid}/posts'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/Nothing';
    writeFileSync(join(copy, DOCUMENT), `${JSON.stringify(document, null, 2)}\n`);
    writeFileSync(join(copy, TYPES), readFileSync(join(ROOT, TYPES), 'utf8').replace('status: components["schemas"]["PostStatus"];', 'status: string;'));
    const drifted = await check(copy);
    expect(drifted.code).toBe(1);
    expect(drifted.stdout).toMatch(/^docs\/openapi\.json is not what the code makes \(line \d+: ".*Nothing.*" where the code makes ".*PostPage.*"\): run `npm run openapi`/m);
    expect(drifted.stdout).toMatch(/^libs\/client\/src\/api-schema\.ts is not what the code makes \(line \d+: " *status: string;"/m);
    expect(drifted.stdout).toMatch(/^docs\/openapi\.json is not a valid OpenAPI document: .*Nothing/m);

    rmSync(join(copy, TYPES));
    expect(await check(copy)).toMatchObject({ code: 1, stdout: expect.stringContaining(`${TYPES} is missing: run \`npm run openapi\``) });
  });
});
