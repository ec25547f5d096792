import { randomUUID } from 'node:crypto';
import type { PostStatus } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { migrateSchema } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { PostsReadModel } from '../../posts/read-model/posts-read-model';
import { ReadYourWrites } from '../../posts/read-model/read-your-writes';
import { MediaRecordStore } from '../media-record-store';
import { MediaUses } from './media-uses';
import { mediaUsesOfEveryPostMigration } from './media-uses-of-every-post.migration';
import { mediaUseChangeOf } from './post-events-for-media.consumer';

const workspace = '2f0c6a3e-3333-4a7b-8c9d-000000000001';

/** The uses of the posts an earlier build did not keep (drafts, published posts) are filled in from the posts read model, on both engines. */
describe.each(testEngines)('The migration of media uses to every post on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;

  beforeEach(async () => {
    const earlier = gatewayMigrations.slice(0, gatewayMigrations.indexOf(mediaUsesOfEveryPostMigration));
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, earlier));
    await database.db.insertInto('workspaces').values({ uuid: workspace, name: 'W' }).execute();
  });
  afterEach(() => dispose());

  it('fills in the posts that name media, keeps what the uses know better, and leaves scheduled posts holding theirs', async () => {
    const readModel = new PostsReadModel(database, new ReadYourWrites());
    const uses = new MediaUses(database);
    const media = await new MediaRecordStore(database).add(workspace, { id: randomUUID(), mime_type: 'image/png', size: 10, width: 1, height: 1 });
    const post = (postUuid: string, revision: number, status: PostStatus, mediaIds: string[], deleted = false) =>
      samplePostEvent(status === 'draft' ? 'post.created' : 'post.scheduled', {
        postUuid,
        revision,
        deleted,
        workspaceUuid: workspace,
        post: { status, versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media: mediaIds }], options: {} }] },
      });
    const [draft, scheduled, deleted, plain, ahead] = Array.from({ length: 5 }, () => randomUUID());
    const messages = [post(draft, 2, 'draft', [media.id]), post(scheduled, 1, 'scheduled', [media.id]), post(deleted, 3, 'draft', [media.id], true), post(plain, 1, 'draft', [])];
    await readModel.saveAll(messages);
    // What the earlier build kept: only the scheduled post's media.
    await uses.apply(mediaUseChangeOf(messages[1]));
    // A post whose uses are ahead of the read model keeps them (it names no media at its later revision).
    await readModel.saveAll([post(ahead, 1, 'draft', [media.id])]);
    await database.db.insertInto('media_posts').values({ post_uuid: ahead, revision: 2, scheduled: false }).execute();

    await migrateSchema(database, gatewayMigrations);

    expect(await uses.usesOf([media.id])).toEqual(new Map([[media.id, { usedBy: [draft, scheduled].sort(), held: true }]]));
    expect(await new MediaRecordStore(database).removeUnlessScheduled(workspace, media.id)).toBe(false);
  });
});
