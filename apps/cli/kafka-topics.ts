// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
import { errorDetail } from '@app/errors';
import { createProductTopics } from './kafka-topics/create-product-topics';
import { productTopics, TopicJobError, topicJobSettings } from './kafka-topics/product-topics';

/**
 * `node dist/apps/cli/kafka-topics.js`: the topic job of docker-compose and Kubernetes. Creates the
 * product's topics on KAFKA_BROKERS (KAFKA_TOPIC_PARTITIONS, default 6; KAFKA_TOPIC_REPLICATION_FACTOR,
 * default 1: one broker's worth; give a cluster of three 3) with their retention, and sets the
 * retention of those that exist. Waits for the cluster up to KAFKA_WAIT_SECONDS (default 120).
 * Exit code 0 once every topic is as it should be; 1, with the reason on stderr, on any failure.
 */
async function main(): Promise<void> {
  const settings = topicJobSettings(process.env);
  const topics = productTopics();
  await createProductTopics(settings, topics, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`The ${topics.length} topics of the product are ready on ${settings.brokers.join(',')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`Topic job failed: ${error instanceof TopicJobError ? error.message : errorDetail(error)}\n`);
    process.exit(1);
  },
);
