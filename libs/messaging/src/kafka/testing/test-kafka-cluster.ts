import { findKcat, startKafkaMockCluster } from './kafka-mock-cluster';
import { findRealKafkaBroker, startRealKafkaBroker } from './real-kafka-broker';

/** The Kafka of a test suite, the first there is: KAFKA_TEST_BROKERS, a real broker, the mock cluster. */
export interface TestKafkaCluster {
  kind: TestKafkaKind;
  brokers: string[];
  /** KafkaJS consumer timings that keep joins, rebalances and stops short on this cluster. */
  consumerTimings: ConsumerTimings;
  stop(): Promise<void>;
}

export type TestKafkaKind = 'brokers of KAFKA_TEST_BROKERS' | 'real Kafka broker' | 'mock Kafka cluster';

export interface ConsumerTimings {
  sessionTimeout: number;
  rebalanceTimeout: number;
  heartbeatInterval: number;
  maxWaitTimeInMs: number;
}

/**
 * A broker's `group.min.session.timeout.ms` is 6 s, so no shorter session is accepted. The mock
 * cluster makes a member joining a group that had members wait about the session timeout, so it
 * gets a shorter one.
 */
const REAL_BROKER_TIMINGS: ConsumerTimings = { sessionTimeout: 6_000, rebalanceTimeout: 2_000, heartbeatInterval: 500, maxWaitTimeInMs: 100 };
const MOCK_CLUSTER_TIMINGS: ConsumerTimings = { ...REAL_BROKER_TIMINGS, sessionTimeout: 4_000 };

/**
 * Which Kafka the suites of this run use and why, or why there is none (the suites are then
 * skipped, saying so). KAFKA_TEST_MOCK_CLUSTER=true chooses the mock cluster over a real broker.
 */
export function chooseTestKafka(): { kind: TestKafkaKind; fallbackReason?: string } | { missing: string } {
  if (externalBrokers().length > 0) return { kind: 'brokers of KAFKA_TEST_BROKERS' };
  const realBroker = process.env.KAFKA_TEST_MOCK_CLUSTER === 'true' ? { missing: 'KAFKA_TEST_MOCK_CLUSTER=true' } : findRealKafkaBroker();
  if (!('missing' in realBroker)) return { kind: 'real Kafka broker' };
  const kcat = findKcat();
  if ('missing' in kcat) return { missing: `${realBroker.missing}, and ${kcat.missing}` };
  return { kind: 'mock Kafka cluster', fallbackReason: realBroker.missing };
}

let fallbackPrinted = false;

/** Starts the suite's Kafka (none for KAFKA_TEST_BROKERS); prints it when it falls back to the mock cluster. */
export async function startTestKafkaCluster(): Promise<TestKafkaCluster> {
  const choice = chooseTestKafka();
  if ('missing' in choice) throw new Error(`No Kafka for the tests: ${choice.missing}`);
  if (choice.kind === 'brokers of KAFKA_TEST_BROKERS') {
    return { kind: choice.kind, brokers: externalBrokers(), consumerTimings: REAL_BROKER_TIMINGS, stop: async () => undefined };
  }
  if (choice.kind === 'real Kafka broker') {
    const broker = await startRealKafkaBroker();
    return { kind: choice.kind, ...broker, consumerTimings: REAL_BROKER_TIMINGS };
  }
  if (!fallbackPrinted) {
    fallbackPrinted = true;
    process.stderr.write(`Kafka tests use librdkafka's mock cluster instead of a real broker: ${choice.fallbackReason}.\n`);
  }
  const cluster = await startKafkaMockCluster();
  return { kind: choice.kind, ...cluster, consumerTimings: MOCK_CLUSTER_TIMINGS };
}

function externalBrokers(): string[] {
  return (process.env.KAFKA_TEST_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);
}
