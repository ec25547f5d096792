import { approvalAndRoutingScenarios } from '../scenarios/approval-and-routing-scenarios';
import { deliveryScenarios } from '../scenarios/delivery-scenarios';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { mediaScenarios } from '../scenarios/media-scenarios';
import { publicationScenarios } from '../scenarios/publication-scenarios';
import { itRunsEach } from '../scenarios/scenario';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

describe('the lifecycle of a post, embedded: the built service as one process', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({ env: LIFECYCLE_ENV });
  });
  afterAll(() => service?.dispose());

  describe('publication', () => itRunsEach(publicationScenarios, () => service));
  describe('approval and event routing', () => itRunsEach(approvalAndRoutingScenarios, () => service));
  describe('media', () => itRunsEach(mediaScenarios, () => service));
  describe('webhook delivery', () => itRunsEach(deliveryScenarios, () => service));
});
