// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
import { errorDetail } from '@app/errors';
import { createProductTopics } from './kafka-topics/create-product-topics';
import { describeProductTopic, productTopics, TopicJobError, topicJobSettings, topicLayout } from './kafka-topics/product-topics';

/**
 * `node dist/apps/cli/kafka-topics.js` (`npm run topics`): the topic job of docker-compose and
 * Kubernetes. Creates the product's topics on KAFKA_BROKERS (KAFKA_TOPIC_PARTITIONS, default 6;
 * KAFKA_TOPIC_REPLICATION_FACTOR, default 1: one broker's worth; give a cluster of three 3) with
 * their retention, and sets the retention of those that exist. Waits for the cluster up to
 * KAFKA_WAIT_SECONDS (default 120). Exit code 0 once every topic is as it should be; 1, with the
 * reason on stderr, on any failure.
 * With `--list` it only prints the topics it would create, one a line, and needs no broker.
 */
async function main(args: string[]): Promise<void> {
  const topics = productTopics();
  if (args.length === 1 && args[0] === '--list') {
    const layout = topicLayout(process.env);
    for (const topic of topics) process.stdout.write(`${describeProductTopic(topic, layout)}\n`);
    return;
  }
  if (args.length > 0) throw new TopicJobError(`unknown arguments "${args.join(' ')}": give none to create the topics, or --list to print them`);
  const settings = topicJobSettings(process.env);
  await createProductTopics(settings, topics, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`The ${topics.length} topics of the product are ready on ${settings.brokers.join(',')}\n`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`Topic job failed: ${error instanceof TopicJobError ? error.message : errorDetail(error)}\n`);
    process.exit(1);
  },
);
