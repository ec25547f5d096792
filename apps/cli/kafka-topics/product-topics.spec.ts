import { DEAD_LETTER_TOPICS, Topics } from '@app/contracts';
import { describeProductTopic, productTopics, TopicJobError, topicJobSettings, topicLayout } from './product-topics';

describe('the topic job', () => {
  it('creates every topic of the product and its dead-letter topic, with the retention the README gives (requests between the services do not cross Kafka)', () => {
    const retention = new Map(productTopics().map(({ topic, retentionMs }) => [topic, retentionMs / 3_600_000]));
    expect(Object.fromEntries(retention)).toEqual({
      'post-events': 720,
      'post-events.dlq': 720,
      'post-commands': 168,
      'post-commands.dlq': 720,
      'account-events': 720,
      'account-events.dlq': 720,
    });
    for (const topic of [...Object.values(Topics), ...DEAD_LETTER_TOPICS]) expect(retention.has(topic)).toBe(true);
  });

  it('takes one broker and one replica by default, and refuses settings it cannot use', () => {
    expect(topicJobSettings({ KAFKA_BROKERS: 'kafka:9092' })).toEqual({ brokers: ['kafka:9092'], partitions: 6, replicationFactor: 1, waitSeconds: 120 });
    expect(topicJobSettings({ KAFKA_BROKERS: 'a:9092, b:9092', KAFKA_TOPIC_REPLICATION_FACTOR: '3' })).toMatchObject({ brokers: ['a:9092', 'b:9092'], replicationFactor: 3 });
    expect(() => topicJobSettings({})).toThrow(TopicJobError);
    expect(() => topicJobSettings({ KAFKA_BROKERS: 'kafka:9092', KAFKA_TOPIC_REPLICATION_FACTOR: '0' })).toThrow(/KAFKA_TOPIC_REPLICATION_FACTOR/);
  });

  it('says each topic in one line, with the partitions and replicas of the environment and no broker needed (what --list prints)', () => {
    const lines = productTopics().map((topic) => describeProductTopic(topic, topicLayout({ KAFKA_TOPIC_PARTITIONS: '3' })));
    expect(lines).toContain('post-events: 3 partitions, replication factor 1, retention.ms 2592000000 (30 days)');
    expect(lines).toContain('post-commands: 3 partitions, replication factor 1, retention.ms 604800000 (7 days)');
    expect(lines).toContain('post-commands.dlq: 3 partitions, replication factor 1, retention.ms 2592000000 (30 days)');
    expect(lines).toHaveLength(productTopics().length);
    expect(() => topicLayout({ KAFKA_TOPIC_PARTITIONS: 'six' })).toThrow(/KAFKA_TOPIC_PARTITIONS must be a whole number/);
  });
});
