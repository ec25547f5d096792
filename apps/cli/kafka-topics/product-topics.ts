import { deadLetterTopic, Topics } from '@app/contracts';

const DAY_MS = 86_400_000;

/** A topic of the product and how long the cluster keeps its messages (`retention.ms`). */
export interface ProductTopic {
  topic: string;
  retentionMs: number;
}

/**
 * The topics the topic job creates (docs/operations.md, Retention): the event store keeps the post events for
 * good, so `post-events` and `account-events` need their messages only until every consumer has
 * read them (30 days), `post-commands` a week, every dead-letter topic 30 days (to replay).
 * Requests between the services do not cross Kafka: they go over HTTP.
 */
export function productTopics(): ProductTopic[] {
  const retentionDays: Record<(typeof Topics)[keyof typeof Topics], number> = {
    [Topics.postEvents]: 30,
    [Topics.postCommands]: 7,
    [Topics.accountEvents]: 30,
  };
  const topics = Object.values(Topics).flatMap((topic) => [
    { topic, retentionMs: retentionDays[topic] * DAY_MS },
    { topic: deadLetterTopic(topic), retentionMs: 30 * DAY_MS },
  ]);
  return topics;
}

/** How many partitions and replicas the job gives each topic it creates: from the environment or their defaults. */
export interface TopicLayout {
  partitions: number;
  replicationFactor: number;
}

/** How the job creates them: KAFKA_BROKERS, the layout, and how long to wait for the cluster. */
export interface TopicJobSettings extends TopicLayout {
  brokers: string[];
  /** How long to wait for the cluster to answer before giving up. */
  waitSeconds: number;
}

export function topicLayout(env: NodeJS.ProcessEnv): TopicLayout {
  return {
    partitions: positiveInteger(env, 'KAFKA_TOPIC_PARTITIONS', 6),
    replicationFactor: positiveInteger(env, 'KAFKA_TOPIC_REPLICATION_FACTOR', 1),
  };
}

export function topicJobSettings(env: NodeJS.ProcessEnv): TopicJobSettings {
  const brokers = (env.KAFKA_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);
  if (brokers.length === 0) throw new TopicJobError('KAFKA_BROKERS is not set: the brokers to create the topics on, host:port[,host:port]');
  return { brokers, ...topicLayout(env), waitSeconds: positiveInteger(env, 'KAFKA_WAIT_SECONDS', 120) };
}

/** A topic as the job makes it, in one line: what `--list` prints and what the job says it created. */
export function describeProductTopic({ topic, retentionMs }: ProductTopic, { partitions, replicationFactor }: TopicLayout): string {
  return `${topic}: ${partitions} partitions, replication factor ${replicationFactor}, retention.ms ${retentionMs} (${readableDuration(retentionMs)})`;
}

function readableDuration(ms: number): string {
  const [amount, unit] = ms % DAY_MS === 0 ? [ms / DAY_MS, 'day'] : [ms / 3_600_000, 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A setting or an answer of the cluster that stops the job, said in one line. */
export class TopicJobError extends Error {}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (!/^[1-9][0-9]*$/.test(text)) throw new TopicJobError(`${name} must be a whole number of 1 or more, not "${text}"`);
  return Number(text);
}
