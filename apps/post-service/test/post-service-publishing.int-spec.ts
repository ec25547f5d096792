import { randomUUID } from 'node:crypto';
import { PostCommandMessage, PostEventMessage, Topics } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { IncomingMessage, Subscription } from '@app/messaging';
import { eventually } from '@app/testing/eventually';
import {
  content,
  DatabaseKind,
  failureOf,
  inAnHour,
  postsClient,
  PostServiceHarness,
  startPostService,
} from './post-service-harness';

describe.each<DatabaseKind>(['SQLite', 'PostgreSQL'])('PostServiceModule: publishing through post-commands on %s', (database) => {
  let service: PostServiceHarness;
  let posts: ReturnType<typeof postsClient>;
  let relayed: IncomingMessage[];
  let listener: Subscription;

  const sendCommand = (command: PostCommandMessage) =>
    service.bus.publish(Topics.postCommands, [{ key: command.postUuid, value: command }]);
  const startPublishing = (postUuid: string, scheduledRevision: number): PostCommandMessage => ({
    commandId: randomUUID(),
    type: 'StartPublishing',
    postUuid,
    scheduledRevision,
    sentAt: new Date().toISOString(),
  });
  const published = (postUuid: string, accountId: number): PostCommandMessage => ({
    commandId: randomUUID(),
    type: 'RecordPublishResult',
    postUuid,
    accountId,
    outcome: 'published',
    externalId: `ext-${accountId}`,
    externalUrl: `https://sandbox.test/${accountId}`,
    errors: [],
    sentAt: new Date().toISOString(),
  });
  const relayedFor = (postUuid: string) => relayed.filter((message) => message.key === postUuid);
  const statusOf = async (postUuid: string, status: string) => {
    const post = await posts.get(postUuid);
    return post.status === status ? post : undefined;
  };

  beforeAll(async () => {
    service = await startPostService(database);
    relayed = [];
    listener = await service.bus.subscribe({
      groupId: 'test-listener',
      topics: [Topics.postEvents],
      handle: async (message) => {
        relayed.push(message);
      },
    });
  });
  afterAll(async () => {
    await listener?.stop();
    await service?.close();
  });
  beforeEach(() => {
    posts = postsClient(service, randomUUID());
  });

  it('relays every event of a post to post-events in order, keyed by the post', async () => {
    const created = await posts.create(content({ kind: 'schedule', scheduledAt: inAnHour() }));
    const messages = await eventually(async () => (relayedFor(created.uuid).length === 2 ? relayedFor(created.uuid) : undefined), 'both events of the post on post-events');
    const values = messages.map((message) => message.value as PostEventMessage);
    expect(values.map((value) => [value.type, value.revision])).toEqual([
      ['post.created', 0],
      ['post.scheduled', 1],
    ]);
    expect(values[0]).toMatchObject({ version: 1, postUuid: created.uuid, post: { uuid: created.uuid, status: 'draft' } });
    expect(values[1].post).toEqual(created);
    expect(messages[1].headers).toMatchObject({ 'event-id': values[1].id, 'event-type': 'post.scheduled' });
    expect(messages[0].partition).toBe(messages[1].partition);
  });

  it('publishes a scheduled post when the scheduler and the publisher say so, then refuses changes', async () => {
    const created = await posts.create(content({ kind: 'schedule', scheduledAt: inAnHour() }));
    expect(created.status).toBe('scheduled');

    await sendCommand(startPublishing(created.uuid, 1));
    await eventually(() => statusOf(created.uuid, 'publishing'), 'the post to be publishing');

    await sendCommand(published(created.uuid, 11));
    await sendCommand(published(created.uuid, 11));
    await sendCommand(published(created.uuid, 12));
    const post = await eventually(() => statusOf(created.uuid, 'published'), 'the post to be published');
    expect(post.published_at).not.toBeNull();
    expect(post.accounts.map((account) => [account.id, account.external_url, account.errors])).toEqual([
      [11, 'https://sandbox.test/11', []],
      [12, 'https://sandbox.test/12', []],
    ]);
    // The relay forwards events apart from the read: wait for the last one (a post's events keep their order).
    const typesOf = () => relayedFor(created.uuid).map((message) => (message.value as PostEventMessage).type);
    const types = await eventually(async () => (typesOf().includes('post.published') ? typesOf() : undefined), 'post.published on post-events');
    expect(types.filter((type) => type === 'post.account_published')).toHaveLength(2);

    const immutable = { kind: 'bad_request', message: PostRuleMessages.PublishedPostImmutable };
    expect(await failureOf(posts.update(created.uuid, content()))).toEqual(immutable);
    expect(await failureOf(posts.remove(created.uuid))).toEqual(immutable);
    expect(await posts.get(created.uuid)).toEqual(post);
  });

  it('ignores a start for an older schedule and a command for an unknown post', async () => {
    const created = await posts.create(content({ kind: 'schedule', scheduledAt: inAnHour() }));
    const rescheduled = await posts.update(created.uuid, content({ kind: 'schedule', scheduledAt: inAnHour() }));
    expect(rescheduled.status).toBe('scheduled');

    await sendCommand(startPublishing(randomUUID(), 1));
    await sendCommand(startPublishing(created.uuid, 1));
    // The schedule of the update is at revision 3 (PostUpdated 2, PostScheduled 3).
    await sendCommand(startPublishing(created.uuid, 3));
    await eventually(() => statusOf(created.uuid, 'publishing'), 'the post to be publishing');
    // The relay forwards events apart from the read; the starts for revision 1 came first, on the same key.
    const startsOf = () => relayedFor(created.uuid).filter((message) => (message.value as PostEventMessage).type === 'post.publishing_started');
    const starts = await eventually(async () => (startsOf().length > 0 ? startsOf() : undefined), 'a post.publishing_started of the post');
    expect(starts).toHaveLength(1);
    expect((starts[0].value as PostEventMessage).revision).toBe(4);
  });

  it('refuses to change a post while it is being published', async () => {
    const created = await posts.create(content({ kind: 'schedule_now' }));
    await sendCommand(startPublishing(created.uuid, 1));
    await eventually(() => statusOf(created.uuid, 'publishing'), 'the post to be publishing');
    expect(await failureOf(posts.update(created.uuid, content()))).toEqual({
      kind: 'bad_request',
      message: 'The post is being published and cannot be changed now.',
    });
  });
});
