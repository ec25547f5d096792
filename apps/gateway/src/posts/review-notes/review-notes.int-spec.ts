import { randomUUID } from 'node:crypto';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { migrateSchema } from '@app/persistence';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { ReviewNotes } from './review-notes';

/** Review notes of posts, on both engines. */
describe.each(testEngines)('ReviewNotes on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let notes: ReviewNotes;
  let ann: number;
  let bob: number;
  const workspace = randomUUID();
  const other = randomUUID();

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    notes = new ReviewNotes(database);
    await database.db.insertInto('workspaces').values([{ uuid: workspace, name: 'W', created_at: new Date() }, { uuid: other, name: 'O', created_at: new Date() }]).execute();
    const user = (name: string) =>
      database.db.insertInto('users').values({ name, email: `${name}@notes.test`, is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    ann = Number((await user('Ann')).id);
    bob = Number((await user('Bob')).id);
  });
  afterAll(() => dispose());

  it('keeps a note with its author and time, and lists a post\'s notes oldest first', async () => {
    const post = randomUUID();
    const before = Date.now();
    const first = await notes.add({ workspaceUuid: workspace, postUuid: post, author: { userId: ann }, body: 'Check the link.' });
    const second = await notes.add({ workspaceUuid: workspace, postUuid: post, author: { userId: bob }, body: 'Fixed, thanks.\nSecond line — ünïcode 🎉' });

    expect(first).toEqual({ id: expect.any(Number), body: 'Check the link.', author: { id: ann, name: 'Ann' }, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect(Date.parse(first.created_at)).toBeGreaterThanOrEqual(before - 1);
    expect(second.id).toBeGreaterThan(first.id);
    expect(await notes.of(workspace, post)).toEqual([first, second]);
  });

  it('lists only the notes of that post in that workspace', async () => {
    const post = randomUUID();
    const mine = await notes.add({ workspaceUuid: workspace, postUuid: post, author: { userId: ann }, body: 'Mine' });
    await notes.add({ workspaceUuid: workspace, postUuid: randomUUID(), author: { userId: ann }, body: 'Another post' });
    await notes.add({ workspaceUuid: other, postUuid: post, author: { userId: ann }, body: 'Another workspace' });
    expect(await notes.of(workspace, post)).toEqual([mine]);
    expect(await notes.of(workspace, randomUUID())).toEqual([]);
  });

  it('keeps the name of an author who was deleted since', async () => {
    const post = randomUUID();
    const carl = Number((await database.db.insertInto('users').values({ name: 'Carl', email: 'carl@notes.test', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id);
    await notes.add({ workspaceUuid: workspace, postUuid: post, author: { userId: carl }, body: 'Looks good.' });
    await database.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', carl).execute();
    expect((await notes.of(workspace, post)).map((note) => note.author)).toEqual([{ id: carl, name: 'Carl' }]);
  });

  it('lists a note from an outside reviewer, by the name they gave, among the members\' notes', async () => {
    const post = randomUUID();
    const member = await notes.add({ workspaceUuid: workspace, postUuid: post, author: { userId: ann }, body: 'Ready for the client.' });
    const outside = await notes.add({ workspaceUuid: workspace, postUuid: post, author: { outsideName: 'Client Carol' }, body: 'Please say "spring" instead.' });
    expect(outside).toEqual({ id: expect.any(Number), body: 'Please say "spring" instead.', author: { id: null, name: 'Client Carol', external: true }, created_at: expect.any(String) });
    expect(await notes.of(workspace, post)).toEqual([member, outside]);
  });
});

/** The migration that lets notes come from outside keeps the notes written before it, with their ids, on both engines. */
describe.each(testEngines)('review notes written before outside reviewers, on %s', (_, open) => {
  it('keep their ids, authors and times, and the next note is numbered after them', async () => {
    const last = gatewayMigrations.findIndex((migration) => migration.id === '022-outside-review-notes');
    const { schema, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations.slice(0, last));
    try {
      const workspace = randomUUID();
      const post = randomUUID();
      await schema.db.insertInto('workspaces').values({ uuid: workspace, name: 'W', created_at: new Date() }).execute();
      const { id: dora } = await schema.db.insertInto('users').values({ name: 'Dora', email: 'dora@notes.test', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
      const written = new Date('2026-11-30T10:00:00.000Z');
      const { id } = await schema.db
        .insertInto('review_notes')
        .values({ workspace_uuid: workspace, post_uuid: post, author_id: Number(dora), body: 'Before.', created_at: written })
        .returning('id')
        .executeTakeFirstOrThrow();
      await migrateSchema(schema, gatewayMigrations);
      const notes = new ReviewNotes(schema);
      const after = await notes.add({ workspaceUuid: workspace, postUuid: post, author: { outsideName: 'Eve' }, body: 'After.' });
      expect(await notes.of(workspace, post)).toEqual([{ id: Number(id), body: 'Before.', author: { id: Number(dora), name: 'Dora' }, created_at: written.toISOString() }, after]);
      expect(after.id).toBeGreaterThan(Number(id));
    } finally {
      await dispose();
    }
  });
});
