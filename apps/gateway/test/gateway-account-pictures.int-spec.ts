import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/** The account's picture: what the publisher reports at connect, kept by the gateway and listed. */
describe('gateway: account pictures (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Pictures' } })).body.uuid;
  });
  afterAll(() => gateway?.dispose());

  it('an account the publisher tells no picture of has none', async () => {
    const created = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox' } });
    expect(created).toMatchObject({ status: 201, body: { avatar_url: null } });
  });

  it('keeps the picture the publisher reports at connect and lists it; a reconnect that reports none keeps it', async () => {
    const picture = 'https://files.example/avatars/reported.png';
    gateway.services.reportedAvatarUrl = picture;
    try {
      const created = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox' } });
      expect(created).toMatchObject({ status: 201, body: { avatar_url: picture } });
      gateway.services.reportedAvatarUrl = undefined;
      expect(await gateway.call('POST', `/api/${workspace}/accounts/${created.body.id}/reconnect`, { body: {} })).toMatchObject({ status: 200, body: { avatar_url: picture } });
      const listed = (await gateway.call('GET', `/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === created.body.id);
      expect(listed.avatar_url).toBe(picture);
    } finally {
      gateway.services.reportedAvatarUrl = null;
    }
  });

});
