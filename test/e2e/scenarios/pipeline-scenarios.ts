import { ConsumerGroups, Topics } from '@app/contracts';
import { answer } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { approverWorkspace, connectSandbox, createUser, within } from '../support/fixtures';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, schedulePost } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** The operator's view of the pipeline: `GET /api/panel/pipeline`. */
export const pipelineScenarios: Scenario[] = [
  { title: 'the pipeline view shows every consumer group with its lag, and each stage; only admins see it', needs: ['consumer lag'], run: groupsAndStages },
  { title: 'a webhook delivery waiting for its retry shows in the pipeline view, and is gone once it failed for good', run: deliveryWaitingForRetry },
];

async function groupsAndStages({ admin }: ScenarioContext): Promise<void> {
  const view = await admin.get('/api/panel/pipeline');

  expect(view.status).toBe(200);
  expect(Number.isNaN(Date.parse(view.body.checked_at))).toBe(false);
  expect(view.body.problems).toEqual(expect.any(Array));
  expect(view.body.healthy).toBe(view.body.problems.length === 0);
  const groups = view.body.consumer_groups as { group: string; topic: string; lag: number; partitions: number }[];
  for (const [group, topic] of [
    [ConsumerGroups.postCommands, Topics.postCommands],
    [ConsumerGroups.publisher, Topics.postEvents],
    [ConsumerGroups.webhookDispatcher, Topics.postEvents],
    [ConsumerGroups.gatewayPosts, Topics.postEvents],
  ]) {
    const entry = groups.find((listed) => listed.group === group && listed.topic === topic);
    expect(entry).toEqual({ group, topic, lag: expect.any(Number), partitions: expect.any(Number) });
    expect(entry!.lag).toBeGreaterThanOrEqual(0);
    expect(entry!.partitions).toBeGreaterThan(0);
  }
  expect(view.body.stages).toEqual({
    timers: { due: expect.any(Number), oldest_due_at: null, late_seconds: 0 },
    publishing: expect.objectContaining({ in_progress: expect.any(Number) }),
    deliveries: expect.objectContaining({ pending: expect.any(Number), retrying: expect.any(Number) }),
    dead_letters: expect.objectContaining({ waiting: expect.any(Number) }),
  });
  expect(view.body.stuck_posts).toEqual([]);

  const member = await createUser(admin, `pipeline-${Date.now()}@example.com`);
  const refused = await member.api.get('/api/panel/pipeline');
  expect(refused.status).toBe(403);
}

async function deliveryWaitingForRetry(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const workspace = await approverWorkspace(admin, 'Pipeline');
  const account = await connectSandbox(admin, workspace);
  const failing = await context.openReceiver(answer(500));
  await createWebhook(admin, workspace, { url: failing.url(), events: ['post.published'] });
  const retryingBefore = (await admin.get('/api/panel/pipeline')).body.stages.deliveries.retrying as number;

  const { uuid: postUuid } = await schedulePost(admin, workspace, [account]);

  const waiting = await eventually(
    async () => {
      const view = (await admin.get('/api/panel/pipeline')).body;
      return failing.about(postUuid, 'post.published').length >= 1 && view.stages.deliveries.retrying > retryingBefore ? view : null;
    },
    'the delivery to wait for its retry',
    within(LIFECYCLE_TIMEOUT_MS),
  );
  expect(waiting.stages.deliveries.pending).toBeGreaterThanOrEqual(waiting.stages.deliveries.retrying);
  expect(waiting.stages.deliveries.oldest_due_at).not.toBeNull();

  const delivery = await eventually(async () => {
    const webhooks = (await admin.get(`/api/${workspace}/webhooks`)).body.data;
    const log = (await admin.get(`/api/${workspace}/webhooks/${webhooks[0].id}/deliveries`)).body.data;
    return log.find((entry: { status: string }) => entry.status === 'failed');
  }, 'the delivery to fail for good', within(LIFECYCLE_TIMEOUT_MS));
  expect(delivery).toBeDefined();
  const after = (await admin.get('/api/panel/pipeline')).body;
  expect(after.stages.deliveries.retrying).toBeLessThanOrEqual(retryingBefore);
}
