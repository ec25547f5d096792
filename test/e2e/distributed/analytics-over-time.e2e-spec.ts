import { describeWithKafka } from '@app/messaging/testing';
import { analyticsOverTimeScenarios } from '../scenarios/analytics-over-time-scenarios';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { itRunsEach } from '../scenarios/scenario';
import { DistributedSystem } from '../support/distributed/distributed-system';
import { ShiftedClock } from '../support/shifted-clock/shifted-clock';

jest.setTimeout(240_000);

describeWithKafka('analytics as the days pass, distributed: each app its own process over Kafka and PostgreSQL, on a clock the test shifts', () => {
  let clock: ShiftedClock;
  let system: DistributedSystem;
  // The publisher reads figures: kill -9 of it, and a start under the same instance id.
  const crash = {
    kill: async () => {
      await system.kill('publisher');
    },
    start: async () => {
      await system.restart('publisher');
    },
  };

  beforeAll(async () => {
    clock = ShiftedClock.start();
    system = await DistributedSystem.start({ env: LIFECYCLE_ENV, clock });
  });
  afterAll(async () => {
    await system?.dispose();
    clock?.dispose();
  });

  itRunsEach(analyticsOverTimeScenarios(() => clock, () => crash), () => system);
});
