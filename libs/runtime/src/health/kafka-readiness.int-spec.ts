import { Logger } from '@nestjs/common';
import { describeWithBrokerOutages, startTestKafkaCluster, TEST_KAFKA_START_TIMEOUT_MS, TestKafkaCluster } from '@app/messaging/testing';
import { eventually } from '@app/testing/eventually';
import { GroupMemberReports, GroupMembershipWatch, Subscription, WatchedMember } from '@app/messaging';
import { KafkaMessageBus } from '@app/messaging/kafka';
import { ReadinessWatch } from './readiness-watch';

jest.setTimeout(180_000);

const GROUP = 'readiness-probe';
const TOPIC = 'readiness-topic';
/** One more member than the topic has partitions (the broker's default of 4): one of them is left idle. */
const MEMBERS = 5;

/** Passes every report on to the readiness watch and keeps the last assignment of each member. */
class AssignmentsSeen implements GroupMembershipWatch {
  readonly assignments = new Map<number, Readonly<Record<string, readonly number[]>>>();
  private watched = 0;

  constructor(private readonly readiness: ReadinessWatch) {}

  watch(member: WatchedMember): GroupMemberReports {
    const index = this.watched++;
    const reports = this.readiness.watch(member);
    return { ...reports, joined: (assignment) => (this.assignments.set(index, assignment), reports.joined(assignment)) };
  }

  /** Whether every member's last join gave out the topic's four partitions between them. */
  allPartitionsAssigned(): boolean {
    const partitions = [...this.assignments.values()].flatMap((assignment) => assignment[TOPIC] ?? []);
    return this.assignments.size === MEMBERS && new Set(partitions).size === 4 && partitions.length === 4;
  }
}

describeWithBrokerOutages('readiness of Kafka consumer group members, on a broker that stops and starts again', () => {
  let cluster: TestKafkaCluster;
  const buses: KafkaMessageBus[] = [];
  const subscriptions: Subscription[] = [];
  const readiness = new ReadinessWatch({ loopStaleMs: 60_000 });
  const seen = new AssignmentsSeen(readiness);

  beforeAll(async () => {
    // The outage makes every client log its refused connections; the test says what went wrong itself.
    Logger.overrideLogger(false);
    cluster = await startTestKafkaCluster();
    for (let index = 0; index < MEMBERS; index++) {
      const bus = new KafkaMessageBus({ brokers: cluster.brokers, clientId: `readiness-${index}`, consumer: cluster.consumerTimings, membership: seen, logLevel: 'error' });
      buses.push(bus);
      subscriptions.push(await bus.subscribe({ groupId: GROUP, topics: [TOPIC], handle: async () => undefined }));
    }
  }, TEST_KAFKA_START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.allSettled(buses.map((bus) => bus.close()));
    await cluster?.stop();
  });

  it('keeps a member with no partitions (five members, four partitions) ready, then is not ready while the broker is gone longer than the session timeout, and ready again once it is back', async () => {
    const { sessionTimeout } = cluster.consumerTimings;
    await eventually(() => seen.allPartitionsAssigned(), () => `the four partitions to be shared by the five members; assigned: ${JSON.stringify([...seen.assignments.values()])}`, { timeoutMs: 60_000, intervalMs: 100 });
    const idle = [...seen.assignments.values()].filter((assignment) => (assignment[TOPIC] ?? []).length === 0);
    expect(idle).toHaveLength(1);
    // Longer than a session timeout: the idle member heartbeats like the others, and nobody is called absent.
    await new Promise((resolve) => setTimeout(resolve, sessionTimeout + 2_000));
    expect(readiness.absentMembers()).toEqual([]);

    if ('unsupported' in cluster.outage) throw new Error(cluster.outage.unsupported);
    const stoppedAt = Date.now();
    await cluster.outage.stopBroker();
    try {
      await eventually(() => readiness.absentMembers().length === MEMBERS, () => `every member to be called absent; absent: ${readiness.absentMembers().join('; ')}`, { timeoutMs: sessionTimeout + 15_000, intervalMs: 100 });
      // Not before the session timeout has passed since the broker went away.
      expect(Date.now() - stoppedAt).toBeGreaterThan(sessionTimeout);
      for (const problem of readiness.absentMembers()) {
        expect(problem).toMatch(new RegExp(`^Consumer group ${GROUP} \\(${TOPIC}\\) has (had no answer from its group coordinator|not been a member of its group) for \\d+(\\.\\d)? s \\(session timeout 6\\.0 s\\)`));
      }
    } finally {
      await cluster.outage.restartBroker();
    }

    await eventually(() => readiness.absentMembers().length === 0, () => `every member to be back in its group; still absent: ${readiness.absentMembers().join('; ')}`, { timeoutMs: 90_000, intervalMs: 100 });
    await eventually(() => seen.allPartitionsAssigned(), () => `the four partitions to be shared again; assigned: ${JSON.stringify([...seen.assignments.values()])}`, { timeoutMs: 30_000, intervalMs: 100 });
  });
});
