import { MessageSigner, parseEncryptionKey, SecretBox, WireCipher } from '@app/security';
import { IHeaders, Kafka, logLevel } from 'kafkajs';
import { randomBytes, randomUUID } from 'node:crypto';
import { eventually } from '@app/testing/eventually';
import { deadLetterTopic } from '../dead-letter';
import { ServiceError } from '../service-error';
import { Inbox } from '../testing/inbox';
import { KafkaMessageBus, KafkaMessageBusOptions } from './kafka-message-bus';
import { KafkaRpc } from './kafka-rpc';
import { describeWithKafka } from '../testing/describe-with-kafka';
import { startTestKafkaCluster, TEST_KAFKA_START_TIMEOUT_MS, TestKafkaCluster } from '../testing/test-kafka-cluster';

jest.setTimeout(60_000);

/** Methods named `<service>.<name>`, as the apps route them: the service names the request topic. */
const Methods = { connectAccount: 'publisher.connect', createWebhook: 'webhook-dispatcher.create', approvePost: 'post-service.approve' } as const;
const serviceOf = (method: string): string => method.slice(0, method.indexOf('.'));

interface RawMessage {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

const textOf = (headers: IHeaders | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name, String(Array.isArray(value) ? value.at(-1) : value)]));

/**
 * Request/reply as the distributed apps configure it (signed and sealed with the shared key), and
 * what a reader of the cluster who does not hold the key sees of it.
 */
describeWithKafka('KafkaRpc with sealed, signed payloads, on Kafka', () => {
  const keyring = { current: parseEncryptionKey(randomBytes(32).toString('base64'), 'ENCRYPTION_KEY', { strict: true }) };
  const secured = { authenticator: new MessageSigner(keyring), cipher: new WireCipher(keyring) };
  const CREDENTIAL = `app-password-${randomUUID()}`;
  const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
  const LONG_TEXT = 'A long announcement, told at length. '.repeat(10_000);
  const handled: Array<[string, unknown]> = [];
  let cluster: TestKafkaCluster;
  let server: KafkaRpc;
  let client: KafkaRpc;
  let raw: RawMessage[] = [];

  const connection = (clientId: string): KafkaMessageBusOptions => ({ brokers: cluster.brokers, clientId, consumer: cluster.consumerTimings, logLevel: 'warn' });
  const rpcConnection = (clientId: string) => ({ ...connection(clientId), serviceOf });

  beforeAll(async () => {
    cluster = await startTestKafkaCluster();
    server = new KafkaRpc({ ...rpcConnection('services'), instanceId: 'services-test', ...secured });
    client = new KafkaRpc({ ...rpcConnection('gateway'), instanceId: `gateway-${randomUUID()}`, ...secured });
    server.handle(Methods.connectAccount, async (payload) => {
      handled.push(['connect', payload]);
      return { authorized: true, name: 'Ann', username: 'ann', settings: {} };
    });
    server.handle(Methods.createWebhook, async (payload) => {
      handled.push(['create webhook', payload]);
      return { id: 1, secret: (payload as { input: { secret: string } }).input.secret };
    });
    server.handle(Methods.approvePost, async (payload) => {
      handled.push(['approve', payload]);
      return { status: 'scheduled' };
    });
    await Promise.all([server.whenServing(), client.startClient()]);
  }, TEST_KAFKA_START_TIMEOUT_MS);
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await cluster?.stop();
  });

  /** What a reader of the cluster who does not hold the key finds on these topics, from their start. */
  const readRaw = async (topics: string[], count: number): Promise<RawMessage[]> => {
    const found: RawMessage[] = [];
    const reader = new Kafka({ brokers: cluster.brokers, clientId: 'eavesdropper', logLevel: logLevel.NOTHING }).consumer({ groupId: `eavesdropper-${randomUUID()}` });
    await reader.connect();
    try {
      await reader.subscribe({ topics, fromBeginning: true });
      await reader.run({
        eachMessage: async ({ topic, message }) =>
          void found.push({ topic, key: message.key?.toString() ?? '', value: message.value?.toString() ?? '', headers: textOf(message.headers) }),
      });
      await eventually(() => found.length >= count, () => `${count} raw messages on ${topics.join(', ')} (got ${found.length})`, { timeoutMs: 30_000, intervalMs: 50 });
      return found;
    } finally {
      await reader.disconnect();
    }
  };

  it('credentials and webhook secrets reach the handler and the caller, but no message on the topics holds them in clear', async () => {
    const credentials = { identifier: 'ann.bsky.social', app_password: CREDENTIAL };
    await client.request(Methods.connectAccount, { accountId: 7, workspaceUuid: 'w-1', provider: 'bluesky', settings: {}, credentials });
    const created = await client.request(Methods.createWebhook, { scope: { workspaceUuid: 'w-1' }, input: { url: 'https://example.com/hook', secret: SECRET } });
    await client.request(Methods.approvePost, { workspaceUuid: 'w-1', postUuid: 'p-1', actor: { userId: 7, canApprove: true }, text: LONG_TEXT });

    expect(handled).toEqual([
      ['connect', expect.objectContaining({ credentials })],
      ['create webhook', expect.objectContaining({ input: expect.objectContaining({ secret: SECRET }) })],
      ['approve', expect.objectContaining({ actor: { userId: 7, canApprove: true }, text: LONG_TEXT })],
    ]);
    expect(created).toEqual({ id: 1, secret: SECRET });

    raw = await readRaw(['rpc.publisher', 'rpc.webhook-dispatcher', 'rpc.post-service', client.replyTopic], 6);
    const onTheWire = raw;
    const everything = JSON.stringify(onTheWire);
    for (const clear of [CREDENTIAL, SECRET, 'app_password', 'ann.bsky.social', 'canApprove', 'announcement']) expect(everything).not.toContain(clear);
    for (const message of onTheWire) {
      expect(Object.keys(JSON.parse(message.value)).sort()).toEqual(expect.arrayContaining(['sealed']));
      expect(message.headers.signature).toMatch(/^v1:/);
    }
    // A long text is deflated before it is sealed: smaller on the wire than in clear.
    const approval = raw.find((message) => message.topic === 'rpc.post-service')!;
    expect(approval.value.length).toBeLessThan(LONG_TEXT.length / 4);
  });

  it.each([
    ['not sealed', undefined],
    ['sealed with the key of secrets at rest instead of the wire key', new SecretBox(keyring)],
  ])('refuses a request %s, even one signed by a key holder', async (_, cipher) => {
    const unsealed = new KafkaRpc({ ...rpcConnection('unsealed'), authenticator: secured.authenticator, cipher });
    try {
      const before = handled.length;
      const refused = await unsealed.request(Methods.connectAccount, { accountId: 8, credentials: { app_password: 'x' } }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServiceError);
      expect(refused).toMatchObject({ kind: 'unavailable' });
      expect(handled).toHaveLength(before);
    } finally {
      await unsealed.close();
    }
  });

  it('the actor is covered by the signature: the signed request with another value (canApprove forged) is dead-lettered, never handled', async () => {
    const genuine = raw.find((message) => message.topic === 'rpc.post-service')!;
    const deadLetters = new Inbox();
    const bus = new KafkaMessageBus(connection('dlq-reader'));
    const producer = new Kafka({ brokers: cluster.brokers, clientId: 'forger', logLevel: logLevel.NOTHING }).producer();
    try {
      await bus.subscribe({ groupId: `dlq-${randomUUID()}`, topics: [deadLetterTopic('rpc.post-service')], handle: deadLetters.handle });
      const before = handled.length;
      const forged = { workspaceUuid: 'w-1', postUuid: 'p-2', actor: { userId: 9, canApprove: true } };
      await producer.connect();
      await producer.send({
        topic: 'rpc.post-service',
        messages: [{ key: genuine.key, value: JSON.stringify(forged), headers: { ...genuine.headers, deadline: String(Date.now() + 60_000) } }],
      });

      await deadLetters.waitForValue((value) => JSON.stringify(value) === JSON.stringify(forged), 'the forged request in rpc.post-service.dlq');
      expect(handled).toHaveLength(before);
    } finally {
      await producer.disconnect();
      await bus.close();
    }
  });
});
