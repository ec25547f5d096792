import { analyticsScenarios } from '../scenarios/analytics-scenarios';
import { approvalAndRoutingScenarios } from '../scenarios/approval-and-routing-scenarios';
import { deliveryScenarios } from '../scenarios/delivery-scenarios';
import { LIFECYCLE_ENV } from '../scenarios/lifecycle-fixtures';
import { LocalPlatforms } from '../scenarios/local-platforms';
import { mediaScenarios } from '../scenarios/media-scenarios';
import { pipelineScenarios } from '../scenarios/pipeline-scenarios';
import { platformRuleScenarios } from '../scenarios/platform-rules-scenarios';
import { postCountScenarios } from '../scenarios/post-count-scenarios';
import { postRevisionScenarios } from '../scenarios/post-revision-scenarios';
import { publicationScenarios } from '../scenarios/publication-scenarios';
import { importScenarios } from '../scenarios/import-scenarios';
import { queueScenarios } from '../scenarios/queue-scenarios';
import { recyclingScenarios } from '../scenarios/recycling-scenarios';
import { retryAndValidationScenarios } from '../scenarios/retry-and-validation-scenarios';
import { reviewNotesScenarios } from '../scenarios/review-notes-scenarios';
import { previewLinkScenarios } from '../scenarios/preview-link-scenarios';
import { feedScenarios } from '../scenarios/feed-scenarios';
import { itRunsEach } from '../scenarios/scenario';
import { threadScenarios } from '../scenarios/thread-scenarios';
import { webhookEventScenarios } from '../scenarios/webhook-event-scenarios';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

describe('the lifecycle of a post, embedded: the built service as one process', () => {
  let service: RunningService;
  let platforms: LocalPlatforms;

  beforeAll(async () => {
    platforms = await LocalPlatforms.start();
    service = await startService({ env: { ...LIFECYCLE_ENV, ...platforms.env } });
  });
  afterAll(async () => {
    await service?.dispose();
    await platforms?.stop();
  });

  describe('publication', () => itRunsEach(publicationScenarios, () => service));
  describe('approval and event routing', () => itRunsEach(approvalAndRoutingScenarios, () => service));
  describe('media', () => itRunsEach(mediaScenarios, () => service));
  describe('platform rules', () => itRunsEach(platformRuleScenarios(() => platforms), () => service));
  describe('threads and first comments', () => itRunsEach(threadScenarios(() => platforms.linkedin), () => service));
  describe('webhook delivery', () => itRunsEach(deliveryScenarios, () => service));
  describe('more webhook events', () => itRunsEach(webhookEventScenarios, () => service));
  describe('the queue, and the time a draft keeps', () => itRunsEach(queueScenarios, () => service));
  describe('recycling', () => itRunsEach(recyclingScenarios, () => service));
  describe('analytics', () => itRunsEach(analyticsScenarios, () => service));
  describe('the pipeline view', () => itRunsEach(pipelineScenarios, () => service));
  describe('retry and preflight validation', () => itRunsEach(retryAndValidationScenarios(() => platforms), () => service));
  describe('importing posts from CSV or JSON', () => itRunsEach(importScenarios, () => service));
  describe('review notes, and deleting a workspace', () => itRunsEach(reviewNotesScenarios, () => service));
  describe('preview links for outside reviewers', () => itRunsEach(previewLinkScenarios, () => service));
  describe('followed feeds', () => itRunsEach(feedScenarios, () => service));
  describe('post counts', () => itRunsEach(postCountScenarios, () => service));
  describe('post revisions: ETag and If-Match', () => itRunsEach(postRevisionScenarios, () => service));
});
