import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ApiClient } from './support/api-client';
import { approverWorkspace, connectSandbox } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

const REENCRYPT_MAIN = resolve(__dirname, '../../dist/apps/cli/reencrypt.js');

/** `node dist/apps/cli/reencrypt.js` with this environment: its exit code and what it printed. */
async function reencrypt(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
  for (const name of ['DATABASE_URL', 'ENCRYPTION_KEY', 'ENCRYPTION_KEYS_OLD']) delete clean[name];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [REENCRYPT_MAIN], { env: { ...clean, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Rotating the key of an embedded service, as the README tells: stop, re-encrypt, start with the new key alone. */
describe('the re-encrypt command (the built service and command, embedded)', () => {
  let service: RunningService;
  afterAll(() => service?.dispose());

  it('moves the generated key to a new ENCRYPTION_KEY; the service then runs on the new key alone', async () => {
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    let admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = await approverWorkspace(admin, 'Rotation');
    const account = await connectSandbox(admin, workspace);
    const webhook = await admin.post(`/api/${workspace}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['post.published'] });
    expect(webhook).toMatchObject({ status: 201, body: { secret: expect.any(String) } });
    const secret: string = webhook.body.secret;
    await service.stop();

    const generatedKey = readFileSync(join(service.dataDir, 'encryption.key'), 'utf8').trim();
    const newKey = randomBytes(32).toString('base64');
    const withoutOldKey = await reencrypt({ DATA_DIR: service.dataDir, ENCRYPTION_KEY: newKey });
    expect(withoutOldKey.code).toBe(1);
    expect(withoutOldKey.stdout).toMatch(/webhooks\.webhooks\.secret_ciphertext: 1 stored, 0 moved, 0 already on the current key, 1 unreadable \(Encrypted with key [0-9a-f]{8}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD\)/);

    const first = await reencrypt({ DATA_DIR: service.dataDir, ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: generatedKey });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('webhooks.webhooks.secret_ciphertext: 1 stored, 1 moved, 0 already on the current key');
    expect(first.stdout).toContain('publisher.accounts.credentials_encrypted: 1 stored, 1 moved, 0 already on the current key');
    expect(first.stdout).toMatch(/Done: [1-9]\d* moved to key [0-9a-f]{8}, 0 unreadable/);
    expect(first.stdout).not.toContain(secret);
    expect(first.stdout).not.toContain(newKey);

    const second = await reencrypt({ DATA_DIR: service.dataDir, ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: generatedKey });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('webhooks.webhooks.secret_ciphertext: 1 stored, 0 moved, 1 already on the current key');
    expect(second.stdout).toMatch(/Done: 0 moved/);

    service = await startService({ dataDir: service.dataDir, env: { ENCRYPTION_KEY: newKey, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    expect((await admin.get(`/api/${workspace}/webhooks/${webhook.body.id}`)).body).toMatchObject({ secret });
    expect((await admin.get(`/api/${workspace}/accounts`)).body.data).toEqual([expect.objectContaining({ id: account })]);
  });
});
