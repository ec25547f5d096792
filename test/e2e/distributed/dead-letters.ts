import { ConsumerGroups, deadLetterTopic, Topics } from '@app/contracts';
import { sampleAccountEvent } from '@app/contracts/testing';
import { deadLetterHeaders } from '@app/messaging';
import { KafkaMessageBus } from '@app/messaging/kafka';
import { eventually } from '@app/testing/eventually';
import { adminOf, ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { DistributedSystem } from '../support/distributed/distributed-system';
import { signedBusOf } from '../support/distributed/signed-bus';

/**
 * An operator's view of the messages the services gave up on, in distributed mode: what a group
 * dead-letters on Kafka is listed by the gateway, and a replay puts it back on its topic, signed,
 * where the services handle it.
 */
export function itListsAndReplaysDeadLetters(system: () => DistributedSystem): void {
  let bus: KafkaMessageBus;
  let admin: ApiClient;
  let workspace: string;

  beforeAll(async () => {
    bus = signedBusOf(system());
    admin = adminOf(system());
    workspace = await approverWorkspace(admin, 'Dead letters');
  });
  afterAll(() => bus?.close());

  const connect = (name: string): Promise<number> => connectSandbox(admin, workspace, name);
  const authorizationLost = (accountId: number, version: number) => ({ ...sampleAccountEvent({ accountId, workspaceUuid: workspace }), version });
  /** The dead letter of this key that the gateway's group gave up on (the other readers of `account-events` give up on the same message, each in its group). */
  const listed = (key: string, status = 'all') =>
    eventually(
      async () => ((await admin.get(`/api/panel/dead-letters?status=${status}`)).body.data as Array<Record<string, unknown>>).find((letter) => letter.key === key && letter.group_id === ConsumerGroups.gatewayAccounts),
      `a dead letter with key ${key}`,
      within(30_000),
    );
  const authorized = async (id: number): Promise<boolean> =>
    (await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === id).authorized;

  it('lists a message a consumer group gave up on, with the group and the reason', async () => {
    const accountId = await connect('Unknown version');
    await bus.publish(Topics.accountEvents, [{ key: `v9-${accountId}`, value: authorizationLost(accountId, 9) }]);

    expect(await listed(`v9-${accountId}`)).toMatchObject({
      topic: Topics.accountEvents,
      group_id: 'gateway.accounts',
      error: 'Account event version 9 is not known here.',
      replayable: true,
      value: { version: 9, accountId },
    });
  });

  it('replays one onto its topic, signed, where the service that gave up handles it', async () => {
    const accountId = await connect('Revoked during an outage');
    const headers = deadLetterHeaders({}, { topic: Topics.accountEvents, partition: 0, offset: '3', groupId: 'gateway.accounts', attempts: 40, reason: new Error('connect ECONNREFUSED') });
    await bus.publish(deadLetterTopic(Topics.accountEvents), [{ key: `outage-${accountId}`, value: authorizationLost(accountId, 1), headers }]);
    const letter = await listed(`outage-${accountId}`, 'pending');
    expect(await authorized(accountId)).toBe(true);

    const replayed = await admin.post(`/api/panel/dead-letters/${String(letter.id)}/replay`);

    expect(replayed.status).toBe(200);
    await eventually(async () => !(await authorized(accountId)), 'the account shown as not authorized', within(30_000));
    expect(await listed(`outage-${accountId}`, 'replayed')).toMatchObject({ id: letter.id });
  });
}
