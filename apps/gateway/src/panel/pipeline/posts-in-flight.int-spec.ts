import { samplePostEvent } from '@app/contracts/testing';
import { migrateSchema } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { PostsReadModel } from '../../posts/read-model/posts-read-model';
import { postsPipelineTimesMigration } from '../../posts/read-model/posts-table';
import { ReadYourWrites } from '../../posts/read-model/read-your-writes';
import { PostsInFlight } from './posts-in-flight';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const MINUTE = 60_000;

/** The posts between their due time and their result, read from the gateway's read model, on both engines. */
describe.each(testEngines)('PostsInFlight on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let readModel: PostsReadModel;
  let inFlight: PostsInFlight;

  beforeEach(async () => {
    // The migrations before the one under test: the rows it finds are those an earlier build wrote.
    const earlier = gatewayMigrations.slice(0, gatewayMigrations.indexOf(postsPipelineTimesMigration));
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, earlier));
    readModel = new PostsReadModel(database, new ReadYourWrites());
    inFlight = new PostsInFlight(database);
  });
  afterEach(() => dispose());

  const scheduled = (dueInMinutes: number, revision = 1) =>
    samplePostEvent('post.scheduled', { revision, post: { status: 'scheduled', scheduled_at: minutesFromNow(dueInMinutes), updated_at: minutesFromNow(-30) } });
  const publishing = (sinceMinutes: number) =>
    samplePostEvent('post.publishing_started', { revision: 2, post: { status: 'publishing', scheduled_at: minutesFromNow(sinceMinutes - 1), updated_at: minutesFromNow(sinceMinutes) } });
  /** A row as builds before the due and change columns wrote it. */
  const savedByAnEarlierBuild = async (message: ReturnType<typeof samplePostEvent>) => {
    await database.db
      .insertInto('posts')
      .values({
        uuid: message.postUuid,
        workspace_uuid: message.workspaceUuid,
        status: message.post.status,
        revision: message.revision,
        deleted: message.deleted,
        created_at: new Date(message.post.created_at),
        view: database.dialect.json(message.post),
      } as never)
      .execute();
  };

  it('finds the due times and last changes of the rows written before it (the migration reads them from the views)', async () => {
    const late = scheduled(-5);
    const ahead = scheduled(10);
    const stillPublishing = publishing(-20);
    for (const message of [late, ahead, stillPublishing]) await savedByAnEarlierBuild(message);

    await migrateSchema(database, gatewayMigrations);

    expect(await inFlight.due(NOW)).toEqual({ due: 1, oldestDueAt: new Date(late.post.scheduled_at!) });
    expect(await inFlight.publishing()).toEqual({ inProgress: 1, oldestSince: new Date(stillPublishing.post.updated_at) });
  });

  it('counts the scheduled posts due and the posts publishing, and lists those held too long, oldest first', async () => {
    await migrateSchema(database, gatewayMigrations);
    const dueLongAgo = scheduled(-10);
    const dueJustNow = scheduled(-0.5);
    const deleted = samplePostEvent('post.deleted', { revision: 3, post: { status: 'scheduled', scheduled_at: minutesFromNow(-20) } });
    const publishingLong = publishing(-20);
    const publishingShortly = publishing(-1);
    for (const message of [scheduled(5), dueJustNow, dueLongAgo, deleted, publishingLong, publishingShortly, samplePostEvent('post.created')]) await readModel.saveAll([message]);

    expect(await inFlight.due(NOW)).toEqual({ due: 2, oldestDueAt: new Date(dueLongAgo.post.scheduled_at!) });
    expect(await inFlight.publishing()).toEqual({ inProgress: 2, oldestSince: new Date(publishingLong.post.updated_at) });
    expect(await inFlight.stuck(NOW, MINUTE, 15 * MINUTE)).toEqual([
      { uuid: dueLongAgo.postUuid, workspace_uuid: dueLongAgo.workspaceUuid, status: 'scheduled', since: dueLongAgo.post.scheduled_at, reason: 'Due, and its publishing has not started.' },
      {
        uuid: publishingLong.postUuid,
        workspace_uuid: publishingLong.workspaceUuid,
        status: 'publishing',
        since: publishingLong.post.updated_at,
        reason: 'Publishing, with results missing for longer than PUBLISHING_STUCK_AFTER_MS.',
      },
    ]);
  });

  it('lets a post go once it moves on: published, or scheduled again for later', async () => {
    await migrateSchema(database, gatewayMigrations);
    const post = scheduled(-10);
    await readModel.saveAll([post]);
    expect((await inFlight.due(NOW)).due).toBe(1);

    await readModel.saveAll([samplePostEvent('post.scheduled', { postUuid: post.postUuid, revision: 2, post: { status: 'scheduled', scheduled_at: minutesFromNow(30) } })]);
    expect(await inFlight.due(NOW)).toEqual({ due: 0, oldestDueAt: null });
    await readModel.saveAll([samplePostEvent('post.published', { postUuid: post.postUuid, revision: 3, post: { status: 'published' } })]);
    expect(await inFlight.stuck(NOW, MINUTE, MINUTE)).toEqual([]);
  });
});
