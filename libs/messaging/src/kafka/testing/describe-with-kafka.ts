/// <reference types="jest" />
import { chooseTestKafka } from './test-kafka-cluster';

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
