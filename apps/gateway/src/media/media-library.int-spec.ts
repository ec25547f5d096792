import { randomUUID } from 'node:crypto';
import { PostView } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { openMigratedSchema, testEngines } from '@app/persistence';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import { PostsReadModel } from '../posts/read-model/posts-read-model';
import { ReadYourWrites } from '../posts/read-model/read-your-writes';
import { MediaLibrary } from './media-library';

const workspace = '2f0c6a3e-2222-4a7b-8c9d-000000000001';
const otherWorkspace = '2f0c6a3e-2222-4a7b-8c9d-000000000002';

/** Media records per workspace, and which of them posts hold, as the gateway's posts read model shows the posts, on both engines. */
describe.each(testEngines)('MediaLibrary on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let library: MediaLibrary;
  let posts: PostsReadModel;
  const add = async (workspaceUuid = workspace) => (await library.add(workspaceUuid, { id: randomUUID(), mime_type: 'image/png', size: 10, width: 2, height: 1 })).id;
  const naming = (media: string[], status: PostView['status']): Partial<PostView> => ({
    status,
    versions: [{ account_id: 0, is_original: true, content: [{ body: 'a', media: [] }, { body: 'b', media }], options: {} }],
  });

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    library = new MediaLibrary(database);
    posts = new PostsReadModel(database, new ReadYourWrites());
    await database.db.insertInto('workspaces').values([{ uuid: workspace, name: 'W' }, { uuid: otherWorkspace, name: 'O' }]).execute();
  });
  afterAll(() => dispose());

  it('finds media only in their workspace, and tells which ids a workspace has', async () => {
    const mine = await add();
    const theirs = await add(otherWorkspace);
    expect(await library.find(workspace, mine)).toEqual({ id: mine, mime_type: 'image/png', size: 10, width: 2, height: 1, created_at: expect.stringMatching(/Z$/) });
    expect(await library.find(workspace, theirs)).toBeNull();
    expect(await library.existing(workspace, [mine, theirs, randomUUID(), mine])).toEqual(new Set([mine]));
    expect(await library.existing(workspace, [])).toEqual(new Set());
    await library.remove(workspace, mine);
    expect(await library.find(workspace, mine)).toBeNull();
  });

  it('is used while a post naming it is scheduled, waits for approval or is being published; not by a draft, a published or a deleted post', async () => {
    const [image, other] = [await add(), await add()];
    const postUuid = randomUUID();
    const save = (type: Parameters<typeof samplePostEvent>[0], revision: number, post: Partial<PostView>, deleted = false) =>
      posts.save(samplePostEvent(type, { postUuid, workspaceUuid: workspace, revision, post, deleted }));

    await save('post.created', 0, naming([other, image], 'draft'));
    expect(await library.usedByScheduledPost(workspace, image)).toBe(false);
    await save('post.scheduled', 1, naming([other, image], 'scheduled'));
    expect(await library.usedByScheduledPost(workspace, image)).toBe(true);
    expect(await library.usedByScheduledPost(otherWorkspace, image)).toBe(false);
    await save('post.approval_requested', 2, naming([image], 'needs_approval'));
    expect(await library.usedByScheduledPost(workspace, image)).toBe(true);
    expect(await library.usedByScheduledPost(workspace, other)).toBe(false);
    await save('post.publishing_started', 3, naming([image], 'publishing'));
    expect(await library.usedByScheduledPost(workspace, image)).toBe(true);
    await save('post.published', 4, naming([image], 'published'));
    expect(await library.usedByScheduledPost(workspace, image)).toBe(false);

    const deletedPost = randomUUID();
    await posts.save(samplePostEvent('post.deleted', { postUuid: deletedPost, workspaceUuid: workspace, revision: 1, post: naming([other], 'scheduled'), deleted: true }));
    expect(await library.usedByScheduledPost(workspace, other)).toBe(false);
  });
});
