import { Admin, ConfigResourceTypes, ConfigSource, Kafka, KafkaJSAggregateError, logLevel } from 'kafkajs';
import { errorMessage } from '@app/errors';
import { quietIdleRequestQueues } from '@app/messaging/kafka';
import { describeProductTopic, ProductTopic, TopicJobError, TopicJobSettings } from './product-topics';

type Say = (line: string) => void;

/**
 * Creates the topics that do not exist yet, with their partitions, replication factor and
 * retention, and sets the retention of those that exist (an app may have created one first, with
 * the cluster's defaults; its other settings are kept). Waits up to `waitSeconds` for the cluster
 * to answer first. Any refusal of the cluster (a replication factor larger than its brokers, say)
 * is thrown: the job fails.
 */
export async function createProductTopics(settings: TopicJobSettings, topics: readonly ProductTopic[], say: Say): Promise<void> {
  quietIdleRequestQueues();
  const client = { clientId: 'kafka-topics', brokers: settings.brokers, logLevel: logLevel.NOTHING };
  const existing = new Set(await topicsOnceAnswering(new Kafka({ ...client, retry: { retries: 0 } }), settings, say));
  const admin = new Kafka(client).admin();
  try {
    await admin.connect();
    const missing = topics.filter(({ topic }) => !existing.has(topic));
    if (missing.length > 0) {
      // false when one of them exists by now (an app made it meanwhile): then each is checked as an existing one.
      const allCreated = await createTopics(admin, {
        waitForLeaders: true,
        topics: missing.map(({ topic, retentionMs }) => ({
          topic,
          numPartitions: settings.partitions,
          replicationFactor: settings.replicationFactor,
          configEntries: [{ name: 'retention.ms', value: String(retentionMs) }],
        })),
      });
      for (const wanted of missing) {
        if (!allCreated) await keepRetention(admin, wanted, say);
        else say(`Created ${describeProductTopic(wanted, settings)}`);
      }
    }
    for (const wanted of topics.filter(({ topic }) => existing.has(topic))) await keepRetention(admin, wanted, say);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** admin.createTopics, its refusals said topic by topic. */
async function createTopics(admin: Admin, options: Parameters<Admin['createTopics']>[0]): Promise<boolean> {
  try {
    return await admin.createTopics(options);
  } catch (error) {
    if (!(error instanceof KafkaJSAggregateError)) throw error;
    const reasons = error.errors.map((each) => (typeof each === 'object' && 'topic' in each ? `${String(each.topic)}: ${each.message}` : errorMessage(each)));
    throw new TopicJobError(`Kafka refused to create topics (${reasons.join('; ')})`);
  }
}

/**
 * The topics the cluster has, once it answers. `kafka` is a client without retries of its own: each
 * try is one connection (a refused one fails at once, an unanswered one after the client's
 * connection timeout of a second), so the job gives up within about `waitSeconds`, not a round of
 * the client's retries (some 10 s) later.
 */
async function topicsOnceAnswering(kafka: Kafka, settings: TopicJobSettings, say: Say): Promise<string[]> {
  const deadline = Date.now() + settings.waitSeconds * 1000;
  const probe = kafka.admin();
  try {
    for (;;) {
      try {
        await probe.connect();
        return await probe.listTopics();
      } catch (error) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new TopicJobError(`Kafka at ${settings.brokers.join(',')} did not answer in ${settings.waitSeconds} s: ${errorMessage(error)}`);
        }
        say(`Waiting for Kafka at ${settings.brokers.join(',')} (${errorMessage(error)})`);
        await probe.disconnect().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, left)));
      }
    }
  } finally {
    await probe.disconnect().catch(() => undefined);
  }
}

/** Sets the topic's retention.ms when it is another, with the topic's other overrides as they are. */
async function keepRetention(admin: Admin, { topic, retentionMs }: ProductTopic, say: Say): Promise<void> {
  const described = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }] });
  const entries = described.resources[0]?.configEntries ?? [];
  const overrides = entries.filter((entry) => entry.configSource === ConfigSource.TOPIC_CONFIG);
  const current = entries.find((entry) => entry.configName === 'retention.ms')?.configValue;
  if (current === String(retentionMs)) {
    say(`${topic} exists, retention.ms ${retentionMs}`);
    return;
  }
  const configEntries = [
    ...overrides.filter((entry) => entry.configName !== 'retention.ms').map((entry) => ({ name: entry.configName, value: entry.configValue })),
    { name: 'retention.ms', value: String(retentionMs) },
  ];
  await admin.alterConfigs({ validateOnly: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configEntries }] });
  say(`${topic} exists: retention.ms set to ${retentionMs} (was ${current ?? 'unknown'})`);
}
