import { randomBytes, randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { describeWithKafka } from '@app/messaging/testing';
import { eventually } from '@app/testing/eventually';
import { ApiClient } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { DistributedSystem } from '../support/distributed/distributed-system';

jest.setTimeout(180_000);

/** Everything on the request/reply topics, from their start, as a client of the cluster without the key reads it. */
async function readRpcTopics(brokers: string[], atLeast: number): Promise<string[]> {
  const found: string[] = [];
  const reader = new Kafka({ brokers, clientId: 'eavesdropper', logLevel: logLevel.NOTHING }).consumer({ groupId: `eavesdropper-${randomUUID()}` });
  await reader.connect();
  try {
    await reader.subscribe({ topics: [/^rpc\./], fromBeginning: true });
    await reader.run({
      eachMessage: async ({ topic, message }) => {
        const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, value?.toString()]));
        found.push(`${topic} ${message.key?.toString()} ${message.value?.toString()} ${JSON.stringify(headers)}`);
      },
    });
    await eventually(() => found.length >= atLeast, () => `${atLeast} messages on the rpc topics (got ${found.length})`, { timeoutMs: 60_000, intervalMs: 100 });
    return found;
  } finally {
    await reader.disconnect();
  }
}

describeWithKafka('distributed: provider credentials and webhook secrets on Kafka', () => {
  let system: DistributedSystem;
  beforeAll(async () => (system = await DistributedSystem.start()));
  afterAll(() => system?.dispose());

  it('travel sealed: the raw request and reply topics hold neither, though both services got them; webhook reads do not cross Kafka', () =>
    system.diagnose(async () => {
      const admin = new ApiClient(system.baseUrl, system.adminToken);
      const workspace = await approverWorkspace(admin, 'Wire');
      const credential = `credential-${randomUUID()}`;
      const secret = `whsec_${randomBytes(32).toString('base64')}`;

      const account = await admin.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name: 'Wire', settings: {}, credentials: { token: credential } });
      expect(account.status).toBe(201);
      const webhook = await admin.post(`/api/${workspace}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['post.published'], secret });
      expect(webhook).toMatchObject({ status: 201, body: { secret } });
      expect((await admin.get(`/api/${workspace}/webhooks/${webhook.body.id}`)).body).toMatchObject({ secret });
      expect((await admin.get(`/api/${workspace}/webhooks`)).body.data).toEqual([expect.objectContaining({ id: webhook.body.id, secret })]);
      expect((await admin.get(`/api/${workspace}/webhooks/${webhook.body.id}/deliveries`)).status).toBe(200);

      // Connect and create: two requests and two replies at least; the reads went to the
      // webhook-dispatcher's own query endpoint, never over Kafka.
      const messages = await readRpcTopics(system.kafkaBrokers, 4);
      const onTheWire = messages.join('\n');
      expect(messages.filter((message) => /"method":"webhooks\.(get|list|deliveries\.list)"/.test(message))).toEqual([]);
      expect(messages.filter((message) => /"method":"webhooks\.create"/.test(message)).length).toBeGreaterThan(0);
      expect(onTheWire).toContain('"sealed"');
      expect(onTheWire).not.toContain(credential);
      expect(onTheWire).not.toContain(secret);
      expect(onTheWire).not.toContain(secret.slice('whsec_'.length));
    }));
});
