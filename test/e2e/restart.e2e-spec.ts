import { ApiClient } from './support/api-client';
import { approverWorkspace, connectSandbox } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

describe('a restart (the built service, same DATA_DIR)', () => {
  let service: RunningService;
  afterAll(() => service?.dispose());

  it('keeps users, workspaces, accounts, a draft and a future scheduled post', async () => {
    service = await startService();
    let admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = await approverWorkspace(admin, 'Durable');
    const account = await connectSandbox(admin, workspace);
    const original = { is_original: true, content: [{ body: 'Still here', media: [] }] };
    const draft = (await admin.post(`/api/${workspace}/posts`, { versions: [original], tags: ['draft'] })).body;
    const scheduledAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduled = (await admin.post(`/api/${workspace}/posts`, { versions: [original], accounts: [account], schedule: true, scheduled_at: scheduledAt })).body;
    expect([draft.status, scheduled.status]).toEqual(['draft', 'scheduled']);

    const exit = await service.stop();
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    service = await startService({ dataDir: service.dataDir });
    admin = new ApiClient(service.baseUrl, service.adminToken);

    expect(await admin.get(`/api/${workspace}/posts/${draft.uuid}`)).toMatchObject({ status: 200, body: { status: 'draft', tags: ['draft'] } });
    expect(await admin.get(`/api/${workspace}/posts/${scheduled.uuid}`)).toMatchObject({
      status: 200,
      body: { status: 'scheduled', scheduled_at: scheduledAt, accounts: [expect.objectContaining({ id: account })] },
    });
    expect((await admin.get(`/api/${workspace}/accounts`)).body.data).toEqual([expect.objectContaining({ id: account, provider: 'sandbox' })]);
    const users = (await admin.get('/api/panel/users')).body.data;
    expect(users).toHaveLength(1);
  });
});
