import { randomUUID } from 'node:crypto';
import { Messages } from '@app/contracts';
import { postStreamId, PostRuleMessages } from '@app/domain';
import { approver, member } from '@app/domain/testing';
import { accounts, content, DatabaseKind, failureOf, inAnHour, postsClient, PostServiceHarness, startPostService } from './post-service-harness';

describe.each<DatabaseKind>(['SQLite', 'PostgreSQL'])('PostServiceModule: post commands over RPC, their posts on post-events, on %s', (database) => {
  let service: PostServiceHarness;
  let posts: ReturnType<typeof postsClient>;

  beforeAll(async () => {
    service = await startPostService(database);
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(() => {
    posts = postsClient(service, randomUUID());
  });

  it('creates a draft, answers it from the aggregate and publishes the same post on post-events', async () => {
    const created = await posts.create(content());
    expect(created).toMatchObject({
      status: 'draft',
      versions: content().versions,
      tags: ['launch'],
      scheduled_at: null,
      published_at: null,
      accounts: accounts.map((account) => ({ ...account, external_url: null, errors: [], status: 'pending', published_at: null })),
    });
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(await posts.get(created.uuid)).toEqual(created);
  });

  it('hides a post from other workspaces, as if it did not exist', async () => {
    const created = await posts.create(content());
    const stranger = postsClient(service, randomUUID());
    const notFound = { kind: 'not_found', message: PostRuleMessages.PostNotFound };
    expect(await failureOf(stranger.get(created.uuid))).toEqual(notFound);
    expect(await failureOf(stranger.update(created.uuid, content()))).toEqual(notFound);
    expect(await failureOf(stranger.remove(created.uuid))).toEqual(notFound);
    expect((await posts.get(created.uuid)).status).toBe('draft');
    expect(service.published.get(created.uuid)).toMatchObject({ type: 'post.created', workspaceUuid: expect.any(String), deleted: false });
  });

  it('updates a post and schedules it', async () => {
    const created = await posts.create(content());
    const scheduledAt = inAnHour();
    const updated = await posts.update(created.uuid, { ...content({ kind: 'schedule', scheduledAt }, 'edited'), tags: ['b'] });
    expect(updated).toMatchObject({ uuid: created.uuid, status: 'scheduled', scheduled_at: scheduledAt, tags: ['b'], created_at: created.created_at });
    expect(updated.versions[0].content[0].body).toBe('edited');
    expect(await posts.get(created.uuid)).toEqual(updated);
  });

  it('deletes a post: post-events marks it deleted, and it cannot be deleted again', async () => {
    const created = await posts.create(content());
    expect(await posts.remove(created.uuid)).toBeNull();
    expect(await failureOf(posts.get(created.uuid))).toEqual({ kind: 'not_found', message: PostRuleMessages.PostNotFound });
    expect(service.published.get(created.uuid)).toMatchObject({ type: 'post.deleted', deleted: true, revision: 1 });
    expect(await failureOf(posts.remove(created.uuid))).toEqual({ kind: 'not_found', message: PostRuleMessages.PostNotFound });
    expect(await failureOf(posts.update(created.uuid, content()))).toEqual({ kind: 'not_found', message: PostRuleMessages.PostNotFound });
  });

  it('applies concurrent updates of one post one after the other', async () => {
    const created = await posts.create(content());
    const results = await Promise.allSettled([
      posts.update(created.uuid, content({ kind: 'draft' }, 'one')),
      posts.update(created.uuid, content({ kind: 'draft' }, 'two')),
      posts.update(created.uuid, content({ kind: 'draft' }, 'three')),
    ]);
    // Each update is decided again after a conflict once; a writer that loses twice is told so.
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/try again/) });
    }
    const applied = results.filter((result) => result.status === 'fulfilled').length;
    expect(applied).toBeGreaterThanOrEqual(2);
    const stream = await service.store.readStream(postStreamId(created.uuid));
    expect(stream.map((event) => event.type)).toEqual(['PostCreated', ...Array(applied).fill('PostUpdated')]);
    const last = stream[stream.length - 1].data as { versions: Array<{ content: Array<{ body: string }> }> };
    expect((await posts.get(created.uuid)).versions[0].content[0].body).toBe(last.versions[0].content[0].body);
  });

  it('asks for approval when a member schedules, and lets only an approver approve', async () => {
    const requested = await posts.create(content({ kind: 'schedule', scheduledAt: inAnHour() }), member);
    expect(requested.status).toBe('needs_approval');
    expect(await failureOf(posts.approve(requested.uuid, member))).toEqual({ kind: 'forbidden', message: Messages.unauthorized });
    const approved = await posts.approve(requested.uuid, approver);
    expect(approved).toMatchObject({ status: 'scheduled', scheduled_at: requested.scheduled_at });
    expect(await posts.get(requested.uuid)).toEqual(approved);
    expect(await failureOf(posts.approve(requested.uuid, approver))).toEqual({ kind: 'bad_request', message: 'The post is not awaiting approval.' });
  });

  it('answers invalid or malformed requests with clear errors', async () => {
    expect(await failureOf(posts.create({ ...content({ kind: 'schedule_now' }), accounts: [] }))).toEqual({
      kind: 'validation',
      message: Messages.validation,
      errors: { accounts: ['The accounts field is required when scheduling.'] },
    });
    const firstNotOriginal = content();
    firstNotOriginal.versions = [{ ...firstNotOriginal.versions[0], is_original: false }, { ...firstNotOriginal.versions[0], account_id: 11 }];
    expect((await failureOf(posts.create(firstNotOriginal))).errors).toEqual({
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
    });
    expect(await failureOf(service.rpc.request('posts.create', { workspaceUuid: 'w' }))).toMatchObject({ kind: 'bad_request' });
    expect(await failureOf(service.rpc.request('posts.delete', null))).toMatchObject({ kind: 'bad_request' });
  });
});
