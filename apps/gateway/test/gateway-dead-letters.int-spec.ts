import { randomUUID } from 'node:crypto';
import { ConsumerGroups, deadLetterTopic, Topics } from '@app/contracts';
import { sampleAccountEvent } from '@app/contracts/testing';
import { deadLetterHeaders } from '@app/messaging';
import { eventually } from '@app/testing/eventually';
import { adminWorkspace, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/** Dead letters as operators see them: listed from every `.dlq` topic, replayed onto their topic. */
describe('gateway: dead letters (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = await adminWorkspace(gateway, 'Acme');
  });
  afterAll(() => gateway?.dispose());

  const connect = async (name: string): Promise<number> =>
    (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name } })).body.id;
  const authorizationLost = (accountId: number, version = 1) => ({ ...sampleAccountEvent({ accountId, workspaceUuid: workspace }), version });
  const authorizedOf = async (id: number): Promise<boolean> =>
    (await gateway.call('GET', `/api/${workspace}/accounts`)).body.data.find((listed: { id: number }) => listed.id === id).authorized;
  /** A message as a consumer group leaves it on `<topic>.dlq` after giving up on it. */
  const giveUp = async (topic: string, key: string, value: unknown, attempts: number, reason = 'The database did not answer.'): Promise<void> => {
    const headers = deadLetterHeaders({ 'event-type': 'AccountAuthorizationLost' }, { topic, partition: 0, offset: '7', groupId: 'some-group', attempts, reason: new Error(reason) });
    await gateway.bus.publish(deadLetterTopic(topic), [{ key, value, headers }]);
  };
  const letterWithKey = (key: string, query = 'status=all') =>
    eventually(
      async () => (await gateway.call('GET', `/api/panel/dead-letters?${query}`)).body.data.find((letter: { key: string }) => letter.key === key),
      `a dead letter with key ${key} (${query})`,
    );

  it('lists what a consumer group gave up on, with why, where from and the message itself', async () => {
    const accountId = await connect('Later');
    const event = authorizationLost(accountId, 2);
    await gateway.bus.publish(Topics.accountEvents, [{ key: `unknown-version-${accountId}`, value: event }]);

    const letter = await letterWithKey(`unknown-version-${accountId}`, 'status=pending');

    expect(letter).toMatchObject({
      topic: Topics.accountEvents,
      dead_letter_topic: deadLetterTopic(Topics.accountEvents),
      group_id: ConsumerGroups.gatewayAccounts,
      attempts: 1,
      error: 'Account event version 2 is not known here.',
      replayable: true,
      replayed_at: null,
      value: { version: 2, accountId },
    });
    expect(Number.isNaN(Date.parse(letter.dead_lettered_at))).toBe(false);
    expect(Object.keys(letter.headers).some((name) => name.startsWith('dlq-'))).toBe(false);
  });

  it('replays one onto its topic, where it is handled again, and only once', async () => {
    const accountId = await connect('Revoked while the database was down');
    await giveUp(Topics.accountEvents, `replay-${accountId}`, authorizationLost(accountId), 30);
    const letter = await letterWithKey(`replay-${accountId}`);
    expect(await authorizedOf(accountId)).toBe(true);

    const replayed = await gateway.call('POST', `/api/panel/dead-letters/${letter.id}/replay`);

    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ id: letter.id, replayable: true });
    expect(replayed.body.replayed_at).not.toBeNull();
    await eventually(async () => !(await authorizedOf(accountId)), 'the account shown as not authorized');
    expect(await gateway.call('POST', `/api/panel/dead-letters/${letter.id}/replay`)).toMatchObject({ status: 409, body: { message: 'This dead letter was already replayed.' } });
    const pending = (await gateway.call('GET', '/api/panel/dead-letters')).body.data;
    expect(pending.map((listed: { id: number }) => listed.id)).not.toContain(letter.id);
    expect((await gateway.call('GET', '/api/panel/dead-letters?status=replayed')).body.data.map((listed: { id: number }) => listed.id)).toContain(letter.id);
  });

  it('refuses to replay what never reached a handler, saying why', async () => {
    await giveUp(Topics.accountEvents, 'forged', { forged: true }, 0, 'The message is not signed by a service of this system.');
    const letter = await letterWithKey('forged');
    expect(letter).toMatchObject({ replayable: false, not_replayable_reason: expect.stringContaining('never reached a handler') });

    const refused = await gateway.call('POST', `/api/panel/dead-letters/${letter.id}/replay`);

    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^This dead letter cannot be replayed: It never reached a handler/);
    expect(await gateway.call('POST', '/api/panel/dead-letters/999999/replay')).toMatchObject({ status: 404, body: { message: 'No dead letter has this id.' } });
  });

  it('replays every pending one of a topic, oldest first, then all the others', async () => {
    const [first, second] = [await connect('First'), await connect('Second')];
    await giveUp(Topics.accountEvents, `bulk-${first}`, authorizationLost(first), 30);
    await giveUp(Topics.accountEvents, `bulk-${second}`, authorizationLost(second), 30);
    await giveUp(Topics.postCommands, `bulk-command-${first}`, { type: 'StartPublishing' }, 30);
    await letterWithKey(`bulk-${first}`);
    await letterWithKey(`bulk-${second}`);
    await letterWithKey(`bulk-command-${first}`);

    const ofAccounts = await gateway.call('POST', '/api/panel/dead-letters/replay', { body: { topic: Topics.accountEvents } });

    expect(ofAccounts.status).toBe(200);
    expect(ofAccounts.body.replayed).toBeGreaterThanOrEqual(2);
    expect(ofAccounts.body.remaining).toBeGreaterThanOrEqual(1);
    await eventually(async () => !(await authorizedOf(first)) && !(await authorizedOf(second)), 'both accounts shown as not authorized');
    expect(await letterWithKey(`bulk-command-${first}`, 'status=pending')).toMatchObject({ replayed_at: null });
    const rest = await gateway.call('POST', '/api/panel/dead-letters/replay', { body: { topic: Topics.postCommands } });
    expect(rest.body).toEqual({ replayed: expect.any(Number), remaining: 0 });
    expect(rest.body.replayed).toBeGreaterThanOrEqual(1);
    expect(await letterWithKey(`bulk-command-${first}`, 'status=replayed')).toMatchObject({ replayed_at: expect.any(String) });
  });

  it('takes a replayed message that fails again back as a new dead letter, marked as replayed', async () => {
    const accountId = await connect('Still unknown');
    await gateway.bus.publish(Topics.accountEvents, [{ key: `again-${accountId}`, value: authorizationLost(accountId, 3) }]);
    const letter = await letterWithKey(`again-${accountId}`, 'status=pending');

    await gateway.call('POST', `/api/panel/dead-letters/${letter.id}/replay`);

    // The letter replayed is no longer pending: a pending one with its key is the message back.
    const back = await letterWithKey(`again-${accountId}`, 'status=pending');
    expect(back).toMatchObject({ headers: { 'replayed-from': `account-events.dlq/${letter.id}` }, error: 'Account event version 3 is not known here.' });
  });

  it('answers bad queries and bodies with the contract’s 422, and non-admins with 403', async () => {
    const badQuery = await gateway.call('GET', '/api/panel/dead-letters?status=lost&limit=0&topic=nope&before=x');
    expect(badQuery.status).toBe(422);
    expect(Object.keys(badQuery.body.errors).sort()).toEqual(['before', 'limit', 'status', 'topic']);
    expect((await gateway.call('POST', '/api/panel/dead-letters/replay', { body: { topic: 'rpc.secrets' } })).status).toBe(422);
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'Viewer', email: `viewer-${randomUUID()}@example.com` } })).body;
    const token = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 'cli' } })).body.token;
    expect((await gateway.call('GET', '/api/panel/dead-letters', { token })).status).toBe(403);
  });
});
