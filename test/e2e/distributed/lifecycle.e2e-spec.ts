import { describeWithKafka } from '@app/kafka-mock-cluster';
import { approvalAndRoutingScenarios } from '../scenarios/approval-and-routing-scenarios';
import { deliveryScenarios } from '../scenarios/delivery-scenarios';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { mediaScenarios } from '../scenarios/media-scenarios';
import { publicationScenarios } from '../scenarios/publication-scenarios';
import { itRunsEach } from '../scenarios/scenario';
import { sequentialClientScenarios } from '../scenarios/sequential-client-scenarios';
import { itListsAndReplaysDeadLetters } from './dead-letters';
import { DistributedSystem } from './support/distributed-system';

jest.setTimeout(120_000);

describeWithKafka('the lifecycle of a post, distributed: each app its own process, over Kafka and PostgreSQL', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await DistributedSystem.start({ env: LIFECYCLE_ENV });
  });
  afterAll(() => system?.dispose());

  describe('publication', () => itRunsEach(publicationScenarios, () => system));
  describe('approval and event routing', () => itRunsEach(approvalAndRoutingScenarios, () => system));
  describe('media', () => itRunsEach(mediaScenarios, () => system));
  describe('webhook delivery', () => itRunsEach(deliveryScenarios, () => system));
  describe('dead letters', () => itListsAndReplaysDeadLetters(() => system));
  describe('a client working one request after another', () => {
    jest.setTimeout(240_000);
    itRunsEach(sequentialClientScenarios, () => system);
  });
});
