import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { quietIdleRequestQueues } from '@app/messaging/kafka';
import { chooseKafkaWithTopicConfigs, startTestKafkaCluster, TestKafkaCluster } from '@app/messaging/testing';

jest.setTimeout(180_000);

const TOPIC_JOB_MAIN = resolve(__dirname, '../../dist/apps/cli/kafka-topics.js');

/** `node dist/apps/cli/kafka-topics.js` (what `npm run topics` runs) with these arguments and settings: its exit code and what it printed. */
async function topicJob(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
  for (const name of Object.keys(clean).filter((each) => each.startsWith('KAFKA_'))) delete clean[name];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [TOPIC_JOB_MAIN, ...args], { env: { ...clean, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const realKafka = chooseKafkaWithTopicConfigs();
if ('missing' in realKafka) process.stderr.write(`Skipping the built topic job on a real Kafka broker: ${realKafka.missing}.\n`);
const describeOnRealKafka = 'missing' in realKafka ? describe.skip : describe;

describeOnRealKafka('the built topic job on a real Kafka broker', () => {
  let cluster: TestKafkaCluster;
  beforeAll(async () => (cluster = await startTestKafkaCluster()), 180_000);
  afterAll(() => cluster?.stop());

  it('creates the topics --list prints, each with the retention it prints, and exits 0', async () => {
    const listed = await topicJob(['--list'], {});
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const retention = new Map([...listed.stdout.matchAll(/^(\S+): \d+ partitions, .*retention\.ms (\d+)/gm)].map(([, topic, ms]) => [topic, ms]));
    expect(retention.size).toBe(listed.stdout.trim().split('\n').length);
    expect(retention.get('post-events')).toBe(String(30 * 86_400_000));

    const created = await topicJob([], { KAFKA_BROKERS: cluster.brokers.join(',') });

    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`The ${retention.size} topics of the product are ready on ${cluster.brokers.join(',')}`);
    quietIdleRequestQueues();
    const admin = new Kafka({ clientId: 'topic-job-e2e', brokers: cluster.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const configs = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [...retention.keys()].map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configNames: ['retention.ms'] })),
      });
      const onTheBroker = new Map(configs.resources.map((resource) => [resource.resourceName, resource.configEntries[0]?.configValue]));
      expect(onTheBroker).toEqual(retention);
    } finally {
      await admin.disconnect();
    }
  });
});

describe('the built topic job without a Kafka to answer', () => {
  it('exits 1 after KAFKA_WAIT_SECONDS, saying which brokers did not answer', async () => {
    const started = Date.now();

    const failed = await topicJob([], { KAFKA_BROKERS: '127.0.0.1:1', KAFKA_WAIT_SECONDS: '1' });

    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^Topic job failed: Kafka at 127\.0\.0\.1:1 did not answer in 1 s: .*ECONNREFUSED/m);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
