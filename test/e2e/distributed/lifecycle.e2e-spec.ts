import { chooseKafkaWithConsumerLag, describeWithKafka } from '@app/messaging/testing';
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
import { sequentialClientScenarios } from '../scenarios/sequential-client-scenarios';
import { threadScenarios } from '../scenarios/thread-scenarios';
import { webhookEventScenarios } from '../scenarios/webhook-event-scenarios';
import { itListsAndReplaysDeadLetters } from './dead-letters';
import { itServesTheMetricsOfEachApp } from './metrics-of-each-app';
import { DistributedSystem } from '../support/distributed/distributed-system';

jest.setTimeout(120_000);

/** The pipeline view reads each consumer group's lag from Kafka, which the mock cluster does not answer. */
const consumerLag = chooseKafkaWithConsumerLag();

describeWithKafka('the lifecycle of a post, distributed: each app its own process, over Kafka and PostgreSQL', () => {
  let system: DistributedSystem;
  let platforms: LocalPlatforms;

  beforeAll(async () => {
    platforms = await LocalPlatforms.start();
    system = await DistributedSystem.start({ env: { ...LIFECYCLE_ENV, ...platforms.env } });
  });
  afterAll(async () => {
    await system?.dispose();
    await platforms?.stop();
  });

  describe('publication', () => itRunsEach(publicationScenarios, () => system));
  describe('approval and event routing', () => itRunsEach(approvalAndRoutingScenarios, () => system));
  describe('media', () => itRunsEach(mediaScenarios, () => system));
  describe('platform rules', () => itRunsEach(platformRuleScenarios(() => platforms), () => system));
  describe('threads and first comments', () => itRunsEach(threadScenarios(() => platforms.linkedin), () => system));
  describe('webhook delivery', () => itRunsEach(deliveryScenarios, () => system));
  describe('more webhook events', () => itRunsEach(webhookEventScenarios, () => system));
  describe('the queue, and the time a draft keeps', () => itRunsEach(queueScenarios, () => system));
  describe('recycling', () => itRunsEach(recyclingScenarios, () => system));
  describe('analytics', () => itRunsEach(analyticsScenarios, () => system));
  describe('the pipeline view', () => itRunsEach(pipelineScenarios, () => system, { 'consumer lag': 'missing' in consumerLag ? consumerLag.missing : undefined }));
  describe('retry and preflight validation', () => itRunsEach(retryAndValidationScenarios(() => platforms), () => system));
  describe('importing posts from CSV or JSON', () => itRunsEach(importScenarios, () => system));
  describe('review notes, and deleting a workspace', () => itRunsEach(reviewNotesScenarios, () => system));
  describe('preview links for outside reviewers', () => itRunsEach(previewLinkScenarios, () => system));
  describe('followed feeds', () => itRunsEach(feedScenarios, () => system));
  describe('post counts', () => itRunsEach(postCountScenarios, () => system));
  describe('post revisions: ETag and If-Match', () => itRunsEach(postRevisionScenarios, () => system));
  describe('dead letters', () => itListsAndReplaysDeadLetters(() => system));
  describe('metrics', () => itServesTheMetricsOfEachApp(() => system));
  describe('a client working one request after another', () => {
    jest.setTimeout(240_000);
    itRunsEach(sequentialClientScenarios, () => system);
  });
});
