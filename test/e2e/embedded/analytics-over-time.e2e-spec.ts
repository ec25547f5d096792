import { analyticsOverTimeScenarios } from '../scenarios/analytics-over-time-scenarios';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { itRunsEach, SystemHandle } from '../scenarios/scenario';
import { RunningService, startService } from '../support/service-process';
import { ShiftedClock } from '../support/shifted-clock/shifted-clock';

jest.setTimeout(240_000);

describe('analytics as the days pass, embedded: the built service as one process, on a clock the test shifts', () => {
  let clock: ShiftedClock;
  let service: RunningService;
  /** The service, the same address across its restarts. */
  const system: SystemHandle = {
    get baseUrl() {
      return service.baseUrl;
    },
    get adminToken() {
      return service.adminToken;
    },
    diagnose: (work) => service.diagnose(work),
  };
  // Embedded, the reader of figures is the service itself: a crash ends all of it, and it starts again on its data.
  const crash = {
    kill: async () => {
      await service.kill();
    },
    start: async () => {
      service = await startService({ env: LIFECYCLE_ENV, clock, dataDir: service.dataDir, port: Number(new URL(service.baseUrl).port) });
    },
  };

  beforeAll(async () => {
    clock = ShiftedClock.start();
    service = await startService({ env: LIFECYCLE_ENV, clock });
  });
  afterAll(async () => {
    await service?.dispose();
    clock?.dispose();
  });

  itRunsEach(analyticsOverTimeScenarios(() => clock, () => crash), () => system);
});
