import { deadLetterTopic } from '../dead-letter';
import { MessageSigner, parseEncryptionKey } from '@app/security';
import { Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { DeadLetterHeaders } from '../dead-letter';
import { Inbox } from '../testing/inbox';
import { unique } from '../testing/unique-name';
import { KafkaMessageBus } from './kafka-message-bus';
import { describeWithKafka } from '../testing/describe-with-kafka';
import { startTestKafkaCluster, TEST_KAFKA_START_TIMEOUT_MS, TestKafkaCluster } from '../testing/test-kafka-cluster';

jest.setTimeout(60_000);

const signerOf = (keyText: string) => new MessageSigner({ current: parseEncryptionKey(keyText, 'ENCRYPTION_KEY', { strict: true }) });

describeWithKafka('KafkaMessageBus with signed messages, on Kafka', () => {
  const sharedKey = randomBytes(32).toString('base64');
  let cluster: TestKafkaCluster;
  let buses: KafkaMessageBus[];
  let topic: string;

  const openBus = (authenticator?: MessageSigner) => {
    const bus = new KafkaMessageBus({ brokers: cluster.brokers, clientId: unique('test'), consumer: cluster.consumerTimings, logLevel: 'warn', authenticator });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => (cluster = await startTestKafkaCluster()), TEST_KAFKA_START_TIMEOUT_MS);
  afterAll(() => cluster?.stop());
  beforeEach(() => {
    buses = [];
    topic = unique('signed');
  });
  afterEach(() => Promise.all(buses.map((bus) => bus.close())));

  it('hands over what a holder of the shared key sent, and dead-letters, unread, what anybody else wrote', async () => {
    const service = openBus(signerOf(sharedKey));
    const inbox = new Inbox();
    const deadLetters = new Inbox();
    await service.subscribe({ groupId: unique('group'), topics: [topic], handle: inbox.handle });
    await service.subscribe({ groupId: unique('dlq-reader'), topics: [deadLetterTopic(topic)], handle: deadLetters.handle });

    await openBus().publish(topic, [{ key: 'post-1', value: { forged: 'unsigned' } }]);
    await openBus(signerOf(randomBytes(32).toString('base64'))).publish(topic, [{ key: 'post-1', value: { forged: 'other key' } }]);
    const raw = new Kafka({ brokers: cluster.brokers, clientId: 'raw', logLevel: logLevel.NOTHING }).producer();
    await raw.connect();
    await raw.send({ topic, messages: [{ key: 'post-1', value: '{"forged":"copied signature"}', headers: { signature: 'v1:00000000:AAAA' } }] });
    await raw.disconnect();
    await service.publish(topic, [{ key: 'post-1', value: { genuine: true }, headers: { 'event-id': 'e-1' } }]);

    const [genuine] = await inbox.waitFor(1);
    expect(genuine.value).toEqual({ genuine: true });
    expect(genuine.headers).toEqual({ 'event-id': 'e-1' });
    const letters = await deadLetters.waitFor(3);
    expect(letters.map((letter) => letter.value)).toEqual([{ forged: 'unsigned' }, { forged: 'other key' }, { forged: 'copied signature' }]);
    for (const letter of letters) expect(letter.headers[DeadLetterHeaders.error]).toMatch(/not signed by a service of this system/);
    expect(inbox.values()).toEqual([{ genuine: true }]);
  });
});
