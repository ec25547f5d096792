import { randomUUID } from 'node:crypto';
import { deadLetterTopic, Topics } from '@app/contracts';
import { sampleAccountEvent } from '@app/contracts/testing';
import { IncomingMessage } from '@app/messaging';
import { eventually } from '@app/testing/eventually';
import { adminWorkspace, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/** What the publisher reports of accounts on `account-events`, as the gateway lists them. */
describe('gateway: account events (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = await adminWorkspace(gateway, 'Acme');
  });
  afterAll(() => gateway?.dispose());

  it('shows an account whose credentials a platform refused while publishing as not authorized', async () => {
    const account = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Revoked' } })).body;
    const other = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Fine' } })).body;
    expect(account.authorized).toBe(true);
    const lost = sampleAccountEvent({ accountId: account.id, workspaceUuid: workspace });
    await gateway.bus.publish(Topics.accountEvents, [{ key: String(account.id), value: lost }]);

    const authorizedOf = async (id: number) =>
      (await gateway.call('GET', `/api/${workspace}/accounts`)).body.data.find((listed: { id: number }) => listed.id === id).authorized;
    await eventually(async () => !(await authorizedOf(account.id)), 'the account shown as not authorized');
    expect(await authorizedOf(other.id)).toBe(true);
  });

  it('dead-letters an account event of a version it does not know, and keeps reading the topic', async () => {
    const account = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Later' } })).body;
    const letters: IncomingMessage[] = [];
    await gateway.bus.subscribe({ groupId: `probe-${randomUUID()}`, topics: [deadLetterTopic(Topics.accountEvents)], handle: async (message) => void letters.push(message) });
    const ofLaterVersion = { ...sampleAccountEvent({ accountId: account.id, workspaceUuid: workspace }), version: 2 };
    await gateway.bus.publish(Topics.accountEvents, [{ key: String(account.id), value: ofLaterVersion }]);

    const [letter] = await eventually(() => letters.length > 0 && letters, 'a dead letter on account-events.dlq');
    expect(letter.value).toMatchObject({ version: 2, accountId: account.id });
    expect((await gateway.call('GET', `/api/${workspace}/accounts`)).body.data.find((listed: { id: number }) => listed.id === account.id).authorized).toBe(true);
  });
});
