/// <reference types="jest" />
import { chooseKafkaWithOutages, chooseTestKafka } from './test-kafka-cluster';

/** Runs the suite when a Kafka for tests can be had here (see `startTestKafkaCluster`); otherwise says why it is skipped. */
export function describeWithKafka(name: string, body: () => void): void {
  const choice = chooseTestKafka();
  if ('missing' in choice) {
    process.stderr.write(`Skipping "${name}": ${choice.missing}.\n`);
    describe.skip(name, () => it(`needs a Kafka broker or a mock Kafka cluster: ${choice.missing}`, () => undefined));
    return;
  }
  describe(name, body);
}

/**
 * Runs the suite when its Kafka can be stopped and started again (a real broker the tests start,
 * see `TestKafkaCluster.outage`); otherwise says why it is skipped.
 */
export function describeWithBrokerOutages(name: string, body: () => void): void {
  const choice = chooseKafkaWithOutages();
  if ('missing' in choice) {
    process.stderr.write(`Skipping "${name}": it stops the Kafka broker, and ${choice.missing}.\n`);
    describe.skip(name, () => it(`needs a Kafka broker the tests can stop and start again: ${choice.missing}`, () => undefined));
    return;
  }
  describe(name, body);
}
