/// <reference types="jest" />
import { findKcat } from './kafka-mock-cluster';

/** Runs the suite when a mock Kafka cluster can be started here; otherwise says why it is skipped. */
export function describeWithKafka(name: string, body: () => void): void {
  const kcat = findKcat();
  if ('missing' in kcat) {
    process.stderr.write(`Skipping "${name}": ${kcat.missing}.\n`);
    describe.skip(name, () => it(`needs a mock Kafka cluster: ${kcat.missing}`, () => undefined));
    return;
  }
  describe(name, body);
}

/**
 * Consumer timings that keep group joins, rebalances and stops short on the mock cluster (which
 * makes a member joining a group that had members wait about the session timeout).
 */
export const fastConsumerTimings = { sessionTimeout: 4_000, rebalanceTimeout: 2_000, heartbeatInterval: 500, maxWaitTimeInMs: 100 };
