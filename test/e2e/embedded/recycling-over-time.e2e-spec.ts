import { eventually } from '@app/testing/eventually';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { recyclingOverTimeScenarios } from '../scenarios/recycling-over-time-scenarios';
import { itRunsEach } from '../scenarios/scenario';
import { RunningService, startService } from '../support/service-process';
import { ShiftedClock } from '../support/shifted-clock/shifted-clock';

jest.setTimeout(180_000);

const DAY_MS = 86_400_000;

describe('recycling as the days pass, embedded: the built service as one process, on a clock the test shifts', () => {
  let clock: ShiftedClock;
  let service: RunningService;

  beforeAll(async () => {
    clock = ShiftedClock.start();
    service = await startService({ env: LIFECYCLE_ENV, clock });
  });
  afterAll(async () => {
    await service?.dispose();
    clock?.dispose();
  });

  itRunsEach(recyclingOverTimeScenarios(() => clock), () => service);

  it('the service is ready on the shifted clock: its loops turned', async () => {
    await clock.shiftBy(DAY_MS);
    await eventually(async () => (await fetch(`${service.baseUrl}/health/ready`)).status === 200, `the service to be ready at +${clock.offset} ms`, { timeoutMs: 20_000, intervalMs: 250 });
  });
});
