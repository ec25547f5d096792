import { describeWithKafka } from '../../../libs/messaging/src/kafka/testing/describe-with-kafka';
import { approvalAndDeliveryScenarios } from './scenarios/approval-and-delivery-scenarios';
import { publicationScenarios } from './scenarios/publication-scenarios';
import { DistributedSystem } from './support/distributed-system';

jest.setTimeout(120_000);

const DELIVERY = { backoffBaseMs: 500, maxRetries: 3 };

describeWithKafka('the lifecycle of a post, distributed: each app its own process, over Kafka and PostgreSQL', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await DistributedSystem.start({
      env: { WEBHOOK_BACKOFF_BASE_MS: String(DELIVERY.backoffBaseMs), WEBHOOK_MAX_RETRIES: String(DELIVERY.maxRetries), WEBHOOK_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(() => system?.dispose());

  describe('publication', () => publicationScenarios(() => system));
  describe('approval and webhook delivery', () => approvalAndDeliveryScenarios(() => system, DELIVERY));
});
