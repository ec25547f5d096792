import { describeWithKafka } from '@app/messaging/testing';
import { eventually } from '@app/testing/eventually';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { recyclingOverTimeScenarios } from '../scenarios/recycling-over-time-scenarios';
import { itRunsEach } from '../scenarios/scenario';
import { APP_NAMES } from '../support/distributed/app-process';
import { DistributedSystem } from '../support/distributed/distributed-system';
import { ShiftedClock } from '../support/shifted-clock/shifted-clock';

jest.setTimeout(180_000);

const DAY_MS = 86_400_000;

describeWithKafka('recycling as the days pass, distributed: each app its own process over Kafka and PostgreSQL, on a clock the test shifts', () => {
  let clock: ShiftedClock;
  let system: DistributedSystem;

  beforeAll(async () => {
    clock = ShiftedClock.start();
    system = await DistributedSystem.start({ env: LIFECYCLE_ENV, clock });
  });
  afterAll(async () => {
    await system?.dispose();
    clock?.dispose();
  });

  itRunsEach(recyclingOverTimeScenarios(() => clock), () => system);

  it('every app is ready on the shifted clock: its loops turned and its consumers are in their groups', async () => {
    await clock.shiftBy(DAY_MS);
    for (const app of APP_NAMES) {
      await eventually(async () => (await system.readiness(app)).status === 200, `${app} to be ready at +${clock.offset} ms`, { timeoutMs: 20_000, intervalMs: 250 });
    }
  });
});
