import { randomUUID } from 'node:crypto';
import type { PostEventName, PostStatus } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { mediaUseChangeOf } from './media-uses/post-events-for-media.consumer';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import { MediaRecordStore } from './media-record-store';
import { MediaUses } from './media-uses/media-uses';

const workspace = '2f0c6a3e-2222-4a7b-8c9d-000000000001';
const otherWorkspace = '2f0c6a3e-2222-4a7b-8c9d-000000000002';

/** Media records per workspace, and which media scheduled posts hold, as post events tell it, on both engines. */
describe.each(testEngines)('MediaRecordStore and MediaUses on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let mediaRecords: MediaRecordStore;
  let uses: MediaUses;
  const add = async (workspaceUuid = workspace) => (await mediaRecords.add(workspaceUuid, { id: randomUUID(), mime_type: 'image/png', size: 10, width: 2, height: 1 })).id;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    mediaRecords = new MediaRecordStore(database);
    uses = new MediaUses(database);
    await database.db.insertInto('workspaces').values([{ uuid: workspace, name: 'W' }, { uuid: otherWorkspace, name: 'O' }]).execute();
  });
  afterAll(() => dispose());

  it('finds media only in their workspace, and tells which ids a workspace has', async () => {
    const mine = await add();
    const theirs = await add(otherWorkspace);
    expect(await mediaRecords.find(workspace, mine)).toEqual({ id: mine, mime_type: 'image/png', size: 10, width: 2, height: 1, created_at: expect.stringMatching(/Z$/) });
    expect(await mediaRecords.find(workspace, theirs)).toBeNull();
    expect(await mediaRecords.existing(workspace, [mine, theirs, randomUUID(), mine])).toEqual(new Map([[mine, { mimeType: 'image/png', size: 10, durationSeconds: null }]]));
    expect(await mediaRecords.existing(workspace, [])).toEqual(new Map());
  });

  it('holds the media of a post about to be published, until it is edited, published or deleted; old revisions change nothing', async () => {
    const [kept, dropped, other] = [await add(), await add(), await add()];
    const postUuid = randomUUID();
    const message = (type: PostEventName, revision: number, status: PostStatus, media: string[], deleted = false) =>
      samplePostEvent(type, {
        postUuid,
        revision,
        deleted,
        post: { status, versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media }], options: {} }] },
      });
    const apply = (...args: Parameters<typeof message>) => uses.apply(mediaUseChangeOf(message(...args)));
    await apply('post.created', 0, 'draft', [kept, dropped, kept]);
    // A draft names its media but holds none.
    expect(await mediaRecords.removeUnlessScheduled(workspace, other)).toBe(true);
    await apply('post.approval_requested', 1, 'needs_approval', [kept, dropped, kept]);
    expect(await mediaRecords.removeUnlessScheduled(workspace, kept)).toBe(false);
    expect(await mediaRecords.removeUnlessScheduled(workspace, dropped)).toBe(false);
    // Delivered again (at least once): an older revision is not applied.
    await apply('post.created', 0, 'draft', []);
    expect(await mediaRecords.removeUnlessScheduled(workspace, kept)).toBe(false);
    // Edited without one of them, and scheduled again.
    await apply('post.updated', 2, 'draft', [kept]);
    await apply('post.scheduled', 3, 'scheduled', [kept]);
    expect(await mediaRecords.removeUnlessScheduled(workspace, dropped)).toBe(true);
    expect(await mediaRecords.removeUnlessScheduled(workspace, kept)).toBe(false);
    await apply('post.publishing_started', 4, 'publishing', [kept]);
    expect(await mediaRecords.removeUnlessScheduled(workspace, kept)).toBe(false);
    await apply('post.published', 5, 'published', [kept]);
    expect(await mediaRecords.removeUnlessScheduled(workspace, kept)).toBe(true);
    expect(await mediaRecords.find(workspace, kept)).toBeNull();
  });

  it('tells which posts name each file, drafts and published posts included, and whether a scheduled one holds it, until they drop it or are deleted', async () => {
    const [first, second, unused] = [await add(), await add(), await add()];
    const [draft, published, scheduled] = [randomUUID(), randomUUID(), randomUUID()];
    const event = (postUuid: string, type: PostEventName, revision: number, status: PostStatus, media: string[], deleted = false) =>
      mediaUseChangeOf(samplePostEvent(type, { postUuid, revision, deleted, post: { status, versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media }], options: {} }] } }));
    await uses.apply(event(draft, 'post.created', 0, 'draft', [first, second]));
    await uses.apply(event(published, 'post.published', 3, 'published', [first]));
    expect(await uses.usesOf([first, second, unused])).toEqual(
      new Map([
        [first, { usedBy: [draft, published].sort(), held: false }],
        [second, { usedBy: [draft], held: false }],
        [unused, { usedBy: [], held: false }],
      ]),
    );
    await uses.apply(event(scheduled, 'post.scheduled', 1, 'scheduled', [first]));
    expect(await uses.usesOf([first])).toEqual(new Map([[first, { usedBy: [draft, published, scheduled].sort(), held: true }]]));
    // Neither a draft nor a published post keeps a file from being deleted.
    expect(await mediaRecords.removeUnlessScheduled(workspace, second)).toBe(true);
    await uses.apply(event(draft, 'post.updated', 1, 'draft', []));
    await uses.apply(event(published, 'post.deleted', 4, 'published', [first], true));
    await uses.apply(event(scheduled, 'post.deleted', 2, 'scheduled', [first], true));
    expect(await uses.usesOf([first])).toEqual(new Map([[first, { usedBy: [], held: false }]]));
    expect(await uses.usesOf([])).toEqual(new Map());
  });

  it('keeps no row for a post that never held media', async () => {
    const postUuid = randomUUID();
    const post = { status: 'scheduled' as const, versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media: [] }], options: {} }] };
    await uses.apply(mediaUseChangeOf(samplePostEvent('post.scheduled', { postUuid, revision: 1, post })));
    await uses.apply(mediaUseChangeOf(samplePostEvent('post.published', { postUuid, revision: 2, post: { ...post, status: 'published' } })));
    const rows = await database.db.selectFrom('media_posts').selectAll().where('post_uuid', '=', postUuid).execute();
    expect(rows).toEqual([]);
  });

  it('lets a deleted post go of its media', async () => {
    const kept = await add();
    const postUuid = randomUUID();
    const post = { status: 'scheduled' as const, versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media: [kept] }], options: {} }] };
    await uses.apply(mediaUseChangeOf(samplePostEvent('post.scheduled', { postUuid, revision: 1, post })));
    expect(await mediaRecords.removeUnlessScheduled(workspace, kept)).toBe(false);
    await uses.apply(mediaUseChangeOf(samplePostEvent('post.deleted', { postUuid, revision: 2, post })));
    expect(await mediaRecords.removeUnlessScheduled(workspace, kept)).toBe(true);
  });
});
