import { randomUUID } from 'node:crypto';
import { PostCommandMessage, Topics } from '@app/contracts';
import { prometheusText, SecondsBuckets } from '@app/telemetry';
import { eventually } from '@app/testing/eventually';
import { accounts, content, postsClient, PostServiceHarness, startPostService } from './post-service-harness';

/** The value of each series of posts_due_late_seconds, by name and labels. */
async function lateness(): Promise<Record<string, number>> {
  const { text } = await prometheusText();
  const lines = text.split('\n').filter((line) => line.startsWith('posts_due_late_seconds'));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))]));
}

describe('posts_due_late_seconds', () => {
  let service: PostServiceHarness;

  beforeAll(async () => {
    service = await startPostService('SQLite');
  });
  afterAll(() => service?.close());

  it('records, once per post, how long after its due time its publishing started', async () => {
    const posts = postsClient(service, randomUUID());
    // Due in a moment (a post due when it is decided starts publishing at once, never late).
    const dueAt = new Date(Date.now() + 300);
    const created = await posts.create(content({ kind: 'schedule', scheduledAt: dueAt.toISOString() }));
    const start: PostCommandMessage = { commandId: randomUUID(), type: 'StartPublishing', postUuid: created.uuid, scheduledRevision: 1, sentAt: new Date().toISOString() };
    await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() + 1_200 - Date.now()));

    await service.bus.publish(Topics.postCommands, [{ key: created.uuid, value: start }]);
    await eventually(async () => (await posts.get(created.uuid)).status === 'publishing', 'the post to be publishing');
    // The same start again (a redelivery) starts nothing, and is not counted; the result after it shows it was handled.
    const result: PostCommandMessage = {
      commandId: randomUUID(),
      type: 'RecordPublishResult',
      postUuid: created.uuid,
      accountId: accounts[0].id,
      outcome: 'published',
      externalId: 'ext-1',
      externalUrl: 'https://sandbox.test/1',
      errors: [],
      sentAt: new Date().toISOString(),
    };
    await service.bus.publish(Topics.postCommands, [
      { key: created.uuid, value: { ...start, commandId: randomUUID() } },
      { key: created.uuid, value: result },
    ]);
    await eventually(async () => (await posts.get(created.uuid)).accounts[0].external_url === 'https://sandbox.test/1', 'the result of account 1 to be recorded');

    const recorded = await lateness();
    expect(recorded.posts_due_late_seconds_count).toBe(1);
    expect(recorded.posts_due_late_seconds_sum).toBeGreaterThanOrEqual(1.2);
    expect(recorded['posts_due_late_seconds_bucket{le="1"}']).toBe(0);
    expect(Object.keys(recorded).flatMap((name) => name.match(/le="([^"]+)"/)?.[1] ?? [])).toEqual([...SecondsBuckets.lateness.map(String), '+Inf']);
  });
});
