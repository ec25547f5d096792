import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient, createdBody } from './support/api-client';
import { approverWorkspace } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('DATA_DIR is private at every start (the built service)', () => {
  let service: RunningService;
  afterAll(() => service?.dispose());

  it('a DATA_DIR left 0777 with files readable by others is 0700 again, its files 0600, and the generated key still opens its secrets', async () => {
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    const dataDir = service.dataDir;
    expect(modeOf(dataDir)).toBe('700');
    let admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = await approverWorkspace(admin, 'Private');
    const hook = createdBody(await admin.post(`/api/${workspace}/webhooks`, { url: 'http://127.0.0.1:9/hook' }), 'creating webhook');
    await service.stop();

    // As a careless copy, a chmod -R or another umask would leave it.
    const media = join(dataDir, 'media');
    mkdirSync(media, { recursive: true });
    const mediaFile = join(media, randomUUID());
    writeFileSync(mediaFile, 'bytes of an earlier upload');
    for (const [path, mode] of [[dataDir, 0o777], [media, 0o777], [mediaFile, 0o644], [join(dataDir, 'service.db'), 0o644], [join(dataDir, 'encryption.key'), 0o644]] as const) chmodSync(path, mode);

    service = await startService({ dataDir, env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });

    const modes = Object.fromEntries(['.', 'service.db', 'service.lock', 'encryption.key', 'media'].map((name) => [name, modeOf(join(dataDir, name))]));
    expect(modes).toEqual({ '.': '700', 'service.db': '600', 'service.lock': '600', 'encryption.key': '600', media: '700' });
    expect(modeOf(mediaFile)).toBe('600');
    admin = new ApiClient(service.baseUrl, service.adminToken);
    expect((await admin.get(`/api/${workspace}/webhooks/${hook.id}`)).body.secret).toBe(hook.secret);
  });
});
