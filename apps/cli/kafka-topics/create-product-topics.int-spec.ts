import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Admin, ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { quietIdleRequestQueues } from '@app/messaging/kafka';
import { chooseKafkaWithTopicConfigs, startTestKafkaCluster, TEST_KAFKA_START_TIMEOUT_MS, TestKafkaCluster } from '@app/messaging/testing';
import { createProductTopics } from './create-product-topics';
import { describeProductTopic, ProductTopic, productTopics, TopicJobError, TopicJobSettings } from './product-topics';

// Starting a broker, and creating topics on it, take seconds.
jest.setTimeout(60_000);

const realKafka = chooseKafkaWithTopicConfigs();
if ('missing' in realKafka) process.stderr.write(`Skipping the topic job on a real Kafka broker: ${realKafka.missing}.\n`);
const describeOnRealKafka = 'missing' in realKafka ? describe.skip : describe;

/**
 * The product's topics under a prefix of their own for one test, with the product's retention:
 * a broker shared with other suites (KAFKA_TEST_BROKERS) may hold the product's topics already.
 */
const theProductsTopics = (): ProductTopic[] => {
  const prefix = `topic-job-${randomUUID().slice(0, 8)}`;
  return productTopics().map(({ topic, retentionMs }) => ({ topic: `${prefix}.${topic}`, retentionMs }));
};

describeOnRealKafka(`the topic job on a real Kafka broker${'missing' in realKafka ? ` (skipped: ${realKafka.missing})` : ''}`, () => {
  let cluster: TestKafkaCluster;
  let admin: Admin;
  let settings: TopicJobSettings;

  beforeAll(async () => {
    cluster = await startTestKafkaCluster();
    quietIdleRequestQueues();
    admin = new Kafka({ clientId: 'topic-job-test', brokers: cluster.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    // Not the default 6 partitions: the test sees that the setting is the one used.
    settings = { brokers: cluster.brokers, partitions: 3, replicationFactor: 1, waitSeconds: 30 };
  }, TEST_KAFKA_START_TIMEOUT_MS);
  afterAll(async () => {
    await admin?.disconnect();
    await cluster?.stop();
  });

  /** What the job said, one line each, while it ran. */
  const runJob = async (topics: readonly ProductTopic[]): Promise<string[]> => {
    const said: string[] = [];
    await createProductTopics(settings, topics, (line) => said.push(line));
    return said;
  };

  /** Each topic's partition count, replica counts and retention.ms, as the cluster has them. */
  const readBack = async (topics: readonly ProductTopic[]) => {
    const names = topics.map(({ topic }) => topic);
    const metadata = await admin.fetchTopicMetadata({ topics: names });
    const configs = await admin.describeConfigs({
      includeSynonyms: false,
      resources: names.map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configNames: ['retention.ms', 'segment.ms'] })),
    });
    const config = (topic: string, name: string) =>
      configs.resources.find((resource) => resource.resourceName === topic)?.configEntries.find((entry) => entry.configName === name)?.configValue;
    return Object.fromEntries(
      names.map((topic) => {
        const partitions = metadata.topics.find((each) => each.name === topic)?.partitions ?? [];
        const replicas = [...new Set(partitions.map((partition) => partition.replicas.length))];
        return [topic, { partitions: partitions.length, replicas, retentionMs: Number(config(topic, 'retention.ms')), segmentMs: config(topic, 'segment.ms') }];
      }),
    );
  };

  const asConfigured = (topics: readonly ProductTopic[]) =>
    Object.fromEntries(topics.map(({ topic, retentionMs }) => [topic, expect.objectContaining({ partitions: 3, replicas: [1], retentionMs })]));

  it('creates every topic of the product with the configured partitions and replicas and its own retention, and says so', async () => {
    const topics = theProductsTopics();

    const said = await runJob(topics);

    expect(await readBack(topics)).toEqual(asConfigured(topics));
    expect(said).toEqual(topics.map((topic) => `Created ${describeProductTopic(topic, settings)}`));
  });

  it('changes nothing when it runs again: every topic is found as it should be', async () => {
    const topics = theProductsTopics();
    await runJob(topics);
    const afterFirstRun = await readBack(topics);

    const said = await runJob(topics);

    expect(await readBack(topics)).toEqual(afterFirstRun);
    expect(said).toEqual(topics.map(({ topic, retentionMs }) => `${topic} exists, retention.ms ${retentionMs}`));
  });

  it('gives a topic that existed with a wrong retention the right one, keeping its partitions and its other settings', async () => {
    const topics = theProductsTopics();
    const [existing, ...others] = topics;
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic: existing.topic,
          numPartitions: 2,
          configEntries: [
            { name: 'retention.ms', value: '60000' },
            { name: 'segment.ms', value: '7200000' },
          ],
        },
      ],
    });

    const said = await runJob(topics);

    const cluster = await readBack(topics);
    expect(cluster[existing.topic]).toEqual({ partitions: 2, replicas: [1], retentionMs: existing.retentionMs, segmentMs: '7200000' });
    expect(cluster).toMatchObject(asConfigured(others));
    expect(said).toContain(`${existing.topic} exists: retention.ms set to ${existing.retentionMs} (was 60000)`);
  });
});

describe('the topic job without a Kafka to answer', () => {
  it('gives up after KAFKA_WAIT_SECONDS, saying which brokers did not answer and why', async () => {
    const address = `127.0.0.1:${await portNothingListensOn()}`;
    const said: string[] = [];
    const started = Date.now();

    const failure = await createProductTopics({ brokers: [address], partitions: 1, replicationFactor: 1, waitSeconds: 2 }, productTopics(), (line) => said.push(line)).then(
      () => new Error('the job succeeded with no broker'),
      (error: unknown) => error,
    );

    const elapsedMs = Date.now() - started;
    expect(failure).toBeInstanceOf(TopicJobError);
    expect((failure as Error).message).toMatch(new RegExp(`^Kafka at ${address} did not answer in 2 s: .*ECONNREFUSED`));
    expect(elapsedMs).toBeGreaterThanOrEqual(2_000);
    expect(elapsedMs).toBeLessThan(3_500);
    expect(said[0]).toMatch(new RegExp(`^Waiting for Kafka at ${address} \\(`));
  });
});

/** A port of 127.0.0.1 that was free a moment ago: connections to it are refused. */
async function portNothingListensOn(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
