import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { ApiClient } from './support/api-client';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(180_000);

const ADMIN_MAIN = resolve(__dirname, '../../dist/apps/cli/admin.js');

/** `node dist/apps/cli/admin.js <args>` on this DATA_DIR: its exit code and what it printed. */
async function adminCommand(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.ADMIN_TOKEN;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [ADMIN_MAIN, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The ANSI colours of Nest's console logger, removed to read its lines. */
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

/** A newcomer's first start, and the way back in when the admin token is lost (the built service and command). */
describe('first start: the banner, and a lost admin token replaced by "npm run admin -- token"', () => {
  let service: RunningService;
  afterAll(() => service?.dispose());

  it('the banner names the API, the dashboard, the docs and the token generated at this start; Nest\'s route lines are not shown', async () => {
    service = await startService({ adminToken: null });
    const output = plain(service.output());
    const port = new URL(service.baseUrl).port;
    expect(output).toContain(`Social publishing service ready (embedded mode, data in ${service.dataDir})`);
    expect(output).toContain(`  API:        http://localhost:${port}/api\n`);
    expect(output).toContain(`  Dashboard:  http://localhost:${port}/app\n`);
    expect(output).toContain(`  API docs:   http://localhost:${port}/api/docs\n`);
    const tokens = [...output.matchAll(/Admin token \(generated at this start, shown once: store it now\): (sps_[\w-]+)/g)].map((match) => match[1]);
    expect(tokens).toHaveLength(1);
    expect((await new ApiClient(service.baseUrl, tokens[0]).get('/api/panel/users')).status).toBe(200);
    expect(output).not.toMatch(/Mapped \{|RoutesResolver|InstanceLoader/);
  });

  it('refuses to write while the service runs on DATA_DIR, printing nothing on stdout', async () => {
    const run = await adminCommand(service.dataDir, 'token');
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(`is in use by process ${service.pid}`);
  });

  it('with the service stopped, prints nothing but a new token, which authenticates once the service is started again', async () => {
    await service.stop();
    const run = await adminCommand(service.dataDir, 'token');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^sps_[\w-]{20,}\n$/);
    expect(run.stderr).toContain('New token of admin user 1 (admin@localhost)');
    const token = run.stdout.trim();

    // A restart with an ADMIN_TOKEN: users exist, so it is ignored, in one line that says how to recover.
    service = await startService({ dataDir: service.dataDir, adminToken: 'an-admin-token-too-late-5e8b1d3f7a' });
    const output = plain(service.output());
    expect(output).toContain('ADMIN_TOKEN is ignored: users exist already (it only seeds the first admin). To replace a lost admin token: npm run admin -- token');
    expect(output).not.toContain('Admin token (generated');
    expect(output).not.toContain(token);

    const admin = new ApiClient(service.baseUrl, token);
    expect(await admin.get('/api/me')).toMatchObject({ status: 200, body: expect.objectContaining({ is_admin: true }) });
    expect((await admin.get('/api/panel/users')).status).toBe(200);
    expect((await new ApiClient(service.baseUrl, 'an-admin-token-too-late-5e8b1d3f7a').get('/api/me')).status).toBe(401);
  });

  it('without the "token" argument, says how to call it and exits 1', async () => {
    expect(await adminCommand(service.dataDir)).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('Usage: npm run admin -- token') });
  });
});
