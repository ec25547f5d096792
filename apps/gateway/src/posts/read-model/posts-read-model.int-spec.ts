import { randomUUID } from 'node:crypto';
import type { PostStatus } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { PostsReadModel } from './posts-read-model';
import { READ_YOUR_WRITES_TIMEOUT_MS, ReadYourWrites } from './read-your-writes';

/** The posts every GET answers from, kept from post-events messages, on both engines. */
describe.each(testEngines)('PostsReadModel on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let progress: ReadYourWrites;
  let posts: PostsReadModel;
  let workspace: string;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  beforeEach(() => {
    progress = new ReadYourWrites();
    posts = new PostsReadModel(database, progress);
    workspace = randomUUID();
  });
  afterAll(() => dispose());

  const at = (minute: number) => `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`;

  it('keeps the post of the latest revision, whatever order the messages come in', async () => {
    const postUuid = randomUUID();
    const created = samplePostEvent('post.created', { postUuid, workspaceUuid: workspace, revision: 0 });
    const scheduled = samplePostEvent('post.scheduled', { postUuid, workspaceUuid: workspace, revision: 1, post: { status: 'scheduled', scheduled_at: at(30) } });
    await posts.saveAll([scheduled]);
    await posts.saveAll([created]);
    await posts.saveAll([scheduled]);
    expect(await posts.find(workspace, postUuid)).toEqual({ ...scheduled.post, revision: 1 });
    expect(await posts.findJson(workspace, postUuid)).toEqual({ json: expect.any(String), revision: 1, status: 'scheduled' });
    expect(JSON.parse((await posts.findJson(workspace, postUuid))!.json)).toEqual({ ...scheduled.post, revision: 1 });
    expect(await posts.find(randomUUID(), postUuid)).toBeNull();
  });

  it('hides a deleted post, and an older message does not bring it back', async () => {
    const postUuid = randomUUID();
    const created = samplePostEvent('post.created', { postUuid, workspaceUuid: workspace, revision: 0 });
    await posts.saveAll([created]);
    await posts.saveAll([samplePostEvent('post.deleted', { postUuid, workspaceUuid: workspace, revision: 1 })]);
    await posts.saveAll([created]);
    expect(await posts.find(workspace, postUuid)).toBeNull();
    expect((await posts.list({ workspaceUuid: workspace, status: null, page: 1, limit: 10 })).meta.total).toBe(0);
  });

  it('lists newest first, by page, with an optional status filter', async () => {
    const [first, second, third] = [1, 2, 3].map((minute) =>
      samplePostEvent(minute === 2 ? 'post.scheduled' : 'post.created', {
        workspaceUuid: workspace,
        post: { created_at: at(minute), status: minute === 2 ? 'scheduled' : 'draft' },
      }),
    );
    for (const message of [second, first, third]) await posts.saveAll([message]);
    await posts.saveAll([samplePostEvent('post.created', { workspaceUuid: randomUUID() })]);

    const page1 = await posts.list({ workspaceUuid: workspace, status: null, page: 1, limit: 2 });
    const withRevisions = (...messages: (typeof first)[]) => messages.map((message) => ({ ...message.post, revision: message.revision }));
    expect(page1).toEqual({ data: withRevisions(third, second), meta: { page: 1, limit: 2, total: 3 } });
    const page2 = await posts.list({ workspaceUuid: workspace, status: null, page: 2, limit: 2 });
    expect(page2.data.map((post) => post.uuid)).toEqual([first.postUuid]);
    const scheduled = await posts.list({ workspaceUuid: workspace, status: 'scheduled', page: 1, limit: 20 });
    expect(scheduled).toEqual({ data: withRevisions(second), meta: { page: 1, limit: 20, total: 1 } });
  });

  it('counts the posts of the workspace that may still publish: scheduled, awaiting approval or publishing, not deleted', async () => {
    const statuses = ['draft', 'scheduled', 'needs_approval', 'publishing', 'published', 'failed'] as const;
    for (const status of statuses) await posts.saveAll([samplePostEvent('post.updated', { workspaceUuid: workspace, post: { status } })]);
    const deleted = randomUUID();
    await posts.saveAll([samplePostEvent('post.scheduled', { postUuid: deleted, workspaceUuid: workspace, revision: 1, post: { status: 'scheduled' } })]);
    await posts.saveAll([samplePostEvent('post.deleted', { postUuid: deleted, workspaceUuid: workspace, revision: 2 })]);
    await posts.saveAll([samplePostEvent('post.scheduled', { workspaceUuid: randomUUID(), post: { status: 'scheduled' } })]);

    expect(await posts.countInFlight(workspace)).toBe(3);
    expect(await posts.countInFlight(randomUUID())).toBe(0);
  });

  it('counts the posts of each status, every status present, without deleted posts or other workspaces', async () => {
    const zero = { draft: 0, scheduled: 0, needs_approval: 0, publishing: 0, published: 0, failed: 0 };
    expect(await posts.counts(workspace)).toEqual(zero);
    const save = (status: PostStatus, postUuid = randomUUID(), revision = 0, workspaceUuid = workspace) =>
      posts.saveAll([samplePostEvent('post.created', { postUuid, workspaceUuid, revision, post: { status } })]);
    for (const status of ['draft', 'draft', 'scheduled', 'scheduled', 'scheduled', 'needs_approval', 'failed'] as const) await save(status);
    const moved = randomUUID();
    await save('draft', moved);
    await save('published', moved, 1);
    const deleted = randomUUID();
    await save('scheduled', deleted);
    await posts.saveAll([samplePostEvent('post.deleted', { postUuid: deleted, workspaceUuid: workspace, revision: 1 })]);
    await save('draft', randomUUID(), 0, randomUUID());

    const counts = await posts.counts(workspace);
    expect(counts).toEqual({ ...zero, draft: 2, scheduled: 3, needs_approval: 1, published: 1, failed: 1 });
    expect(Object.values(counts).every((count) => typeof count === 'number')).toBe(true);
  });

  it('keeps each message as a step of the post history, once, oldest first', async () => {
    const postUuid = randomUUID();
    const messages = [
      samplePostEvent('post.created', { postUuid, workspaceUuid: workspace, revision: 0, post: { updated_at: at(1) } }),
      samplePostEvent('post.publishing_started', { postUuid, workspaceUuid: workspace, revision: 1, post: { updated_at: at(2) } }),
      samplePostEvent('post.account_failed', { postUuid, workspaceUuid: workspace, revision: 2, accountId: 11, post: { updated_at: at(3) } }),
    ];
    for (const message of [messages[2], messages[0], messages[1], messages[2]]) await posts.saveAll([message]);
    expect(await posts.history(workspace, postUuid)).toEqual([
      { type: 'post.created', at: at(1), revision: 0, account_id: null },
      { type: 'post.publishing_started', at: at(2), revision: 1, account_id: null },
      { type: 'post.account_failed', at: at(3), revision: 2, account_id: 11 },
    ]);
    expect(await posts.history(randomUUID(), postUuid)).toBeNull();
  });

  it('stores a batch holding several steps of one post, in any order, as its latest step shows it, with every step in its history', async () => {
    const postUuid = randomUUID();
    const step = (type: 'post.created' | 'post.scheduled' | 'post.publishing_started', revision: number, status: PostStatus) =>
      samplePostEvent(type, { postUuid, workspaceUuid: workspace, revision, post: { status, updated_at: at(revision + 1) } });
    const [created, scheduled, publishing] = [step('post.created', 0, 'draft'), step('post.scheduled', 1, 'scheduled'), step('post.publishing_started', 2, 'publishing')];
    await posts.saveAll([created, publishing, scheduled]);
    expect(await posts.find(workspace, postUuid)).toEqual({ ...publishing.post, revision: 2 });
    expect((await posts.history(workspace, postUuid))?.map((entry) => entry.revision)).toEqual([0, 1, 2]);
  });

  it('stores a batch of several posts in one go, leaving a post stored at a later revision as it is', async () => {
    const [ahead, behind, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    const later = samplePostEvent('post.scheduled', { postUuid: ahead, workspaceUuid: workspace, revision: 1, post: { status: 'scheduled', scheduled_at: at(30) } });
    await posts.saveAll([later, samplePostEvent('post.created', { postUuid: behind, workspaceUuid: workspace, revision: 0 })]);
    const behindNow = samplePostEvent('post.scheduled', { postUuid: behind, workspaceUuid: workspace, revision: 1, post: { status: 'scheduled', scheduled_at: at(40) } });
    const freshOne = samplePostEvent('post.created', { postUuid: fresh, workspaceUuid: workspace, revision: 0 });
    await posts.saveAll([samplePostEvent('post.created', { postUuid: ahead, workspaceUuid: workspace, revision: 0 }), behindNow, freshOne]);
    expect(await posts.find(workspace, ahead)).toEqual({ ...later.post, revision: 1 });
    expect(await posts.find(workspace, behind)).toEqual({ ...behindNow.post, revision: 1 });
    expect(await posts.find(workspace, fresh)).toEqual({ ...freshOne.post, revision: 0 });
    expect((await posts.history(workspace, ahead))?.map((entry) => entry.revision)).toEqual([0, 1]);
  });

  it('lets a read wait for a write made through this gateway until the projection shows it', async () => {
    const postUuid = randomUUID();
    await posts.saveAll([samplePostEvent('post.created', { postUuid, workspaceUuid: workspace, revision: 0 })]);
    progress.written(workspace, postUuid, 1);
    const scheduled = samplePostEvent('post.scheduled', { postUuid, workspaceUuid: workspace, revision: 1, post: { status: 'scheduled', scheduled_at: at(30) } });
    const started = Date.now();
    const [found, listed] = await Promise.all([
      posts.find(workspace, postUuid),
      posts.list({ workspaceUuid: workspace, status: null, page: 1, limit: 10 }),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => posts.saveAll([scheduled])),
    ]);
    expect(found).toEqual({ ...scheduled.post, revision: 1 });
    expect(listed.data).toEqual([{ ...scheduled.post, revision: 1 }]);
    expect(Date.now() - started).toBeLessThan(READ_YOUR_WRITES_TIMEOUT_MS);
  });

  it('answers anyway after the wait runs out, when the projection never shows the write', async () => {
    const postUuid = randomUUID();
    const created = samplePostEvent('post.created', { postUuid, workspaceUuid: workspace, revision: 0 });
    await posts.saveAll([created]);
    progress.written(workspace, postUuid, 5);
    const started = Date.now();
    expect(await posts.find(workspace, postUuid)).toEqual({ ...created.post, revision: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(READ_YOUR_WRITES_TIMEOUT_MS - 50);
    // Given up once, it does not wait again.
    const again = Date.now();
    await posts.find(workspace, postUuid);
    expect(Date.now() - again).toBeLessThan(500);
  });

  it('answers with the post as this gateway wrote it when the wait runs out and the read model has it older, or not at all', async () => {
    const postUuid = randomUUID();
    const written = samplePostEvent('post.scheduled', { postUuid, workspaceUuid: workspace, revision: 1, post: { status: 'scheduled', scheduled_at: at(30) } }).post;
    progress.written(workspace, postUuid, 1, written);
    expect(await posts.find(workspace, postUuid)).toEqual({ ...written, revision: 1 });
    // Projected since: the read model answers again.
    const published = samplePostEvent('post.published', { postUuid, workspaceUuid: workspace, revision: 4, post: { status: 'published' } });
    await posts.saveAll([published]);
    progress.written(workspace, postUuid, 2, written);
    expect(await posts.find(workspace, postUuid)).toEqual({ ...published.post, revision: 4 });
  });
});
