import { findKcat, startKafkaMockCluster } from './kafka-mock-cluster';
import { BrokerOutage, findRealKafkaBroker, REAL_KAFKA_START_TIMEOUT_MS, startRealKafkaBroker } from './real-kafka-broker';

/** The Kafka of a test suite, the first there is: KAFKA_TEST_BROKERS, a real broker, the mock cluster. */
export interface TestKafkaCluster {
  kind: TestKafkaKind;
  brokers: string[];
  /** KafkaJS consumer timings that keep joins, rebalances and stops short on this cluster. */
  consumerTimings: ConsumerTimings;
  /** Stopping the broker and starting it again on its ports and data (an outage), or why this cluster cannot. */
  outage: BrokerOutage | { unsupported: string };
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
/** What a test hook that calls `startTestKafkaCluster` gives it: a real broker's start, its tries on new ports included, and a margin. */
export const TEST_KAFKA_START_TIMEOUT_MS = REAL_KAFKA_START_TIMEOUT_MS + 30_000;

export async function startTestKafkaCluster(): Promise<TestKafkaCluster> {
  const choice = chooseTestKafka();
  if ('missing' in choice) throw new Error(`No Kafka for the tests: ${choice.missing}`);
  if (choice.kind === 'brokers of KAFKA_TEST_BROKERS') {
    const outage = { unsupported: 'the brokers of KAFKA_TEST_BROKERS are not started by the tests, so they cannot stop them' };
    return { kind: choice.kind, brokers: externalBrokers(), consumerTimings: REAL_BROKER_TIMINGS, outage, stop: async () => undefined };
  }
  if (choice.kind === 'real Kafka broker') {
    const broker = await startRealKafkaBroker();
    const outage = { stopBroker: () => broker.stopBroker(), restartBroker: () => broker.restartBroker() };
    return { kind: choice.kind, brokers: broker.brokers, consumerTimings: REAL_BROKER_TIMINGS, outage, stop: () => broker.stop() };
  }
  if (!fallbackPrinted) {
    fallbackPrinted = true;
    process.stderr.write(`Kafka tests use librdkafka's mock cluster instead of a real broker: ${choice.fallbackReason}.\n`);
  }
  const cluster = await startKafkaMockCluster();
  const outage = { unsupported: BROKER_OUTAGE_UNSUPPORTED_ON_MOCK };
  return { kind: choice.kind, ...cluster, consumerTimings: MOCK_CLUSTER_TIMINGS, outage };
}

const BROKER_OUTAGE_UNSUPPORTED_ON_MOCK = "librdkafka's mock cluster lives in its kcat process, so it cannot be stopped and started again on its data";

/**
 * Whether the Kafka the suites of this run get can be stopped and started again (only a real
 * broker the tests start can), or why not (to print when such a suite is skipped).
 */
export function chooseKafkaWithOutages(): { kind: TestKafkaKind } | { missing: string } {
  const choice = chooseTestKafka();
  if ('missing' in choice) return choice;
  if (choice.kind === 'real Kafka broker') return { kind: choice.kind };
  if (choice.kind === 'mock Kafka cluster') return { missing: `${BROKER_OUTAGE_UNSUPPORTED_ON_MOCK} (no real broker: ${choice.fallbackReason})` };
  return { missing: 'the brokers of KAFKA_TEST_BROKERS are not started by the tests, so they cannot stop them' };
}

/** The admin requests the consumer lag is read with: librdkafka's mock cluster does not answer them. */
const CONSUMER_LAG_UNSUPPORTED_ON_MOCK = "librdkafka's mock cluster answers no ListGroups, DescribeGroups or DeleteRecords, which the consumer lag is read with";

/**
 * Whether the Kafka the suites of this run get answers the requests a consumer group's lag is read
 * with (a real broker does, the mock cluster does not), or why not (to print when a test is skipped).
 */
export function chooseKafkaWithConsumerLag(): { kind: TestKafkaKind } | { missing: string } {
  return chooseKafkaBeyondMock(CONSUMER_LAG_UNSUPPORTED_ON_MOCK);
}

/** Creating topics and reading their settings go to the cluster's controller, which kafkajs does not find on librdkafka's mock cluster. */
const TOPIC_CONFIGS_UNSUPPORTED_ON_MOCK =
  "kafkajs's admin creates no topic and reads no topic settings on librdkafka's mock cluster (it finds no controller: \"Broker 0 not found in the cached metadata\")";

/**
 * Whether the Kafka the suites of this run get creates topics and reads and changes their settings
 * through kafkajs's admin (a real broker does, the mock cluster does not), or why not (to print when
 * a suite is skipped).
 */
export function chooseKafkaWithTopicConfigs(): { kind: TestKafkaKind } | { missing: string } {
  return chooseKafkaBeyondMock(TOPIC_CONFIGS_UNSUPPORTED_ON_MOCK);
}

/** A real Kafka (brokers of KAFKA_TEST_BROKERS or a broker the tests start), or why there is none but the mock cluster, which cannot do what `unsupportedOnMock` says. */
function chooseKafkaBeyondMock(unsupportedOnMock: string): { kind: TestKafkaKind } | { missing: string } {
  const choice = chooseTestKafka();
  if ('missing' in choice) return choice;
  if (choice.kind === 'mock Kafka cluster') return { missing: `${unsupportedOnMock} (no real broker: ${choice.fallbackReason})` };
  return { kind: choice.kind };
}

function externalBrokers(): string[] {
  return (process.env.KAFKA_TEST_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);
}
