import { randomUUID } from 'node:crypto';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
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
    const first = await notes.add({ workspaceUuid: workspace, postUuid: post, authorId: ann, body: 'Check the link.' });
    const second = await notes.add({ workspaceUuid: workspace, postUuid: post, authorId: bob, body: 'Fixed, thanks.\nSecond line — ünïcode 🎉' });

    expect(first).toEqual({ id: expect.any(Number), body: 'Check the link.', author: { id: ann, name: 'Ann' }, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect(Date.parse(first.created_at)).toBeGreaterThanOrEqual(before - 1);
    expect(second.id).toBeGreaterThan(first.id);
    expect(await notes.of(workspace, post)).toEqual([first, second]);
  });

  it('lists only the notes of that post in that workspace', async () => {
    const post = randomUUID();
    const mine = await notes.add({ workspaceUuid: workspace, postUuid: post, authorId: ann, body: 'Mine' });
    await notes.add({ workspaceUuid: workspace, postUuid: randomUUID(), authorId: ann, body: 'Another post' });
    await notes.add({ workspaceUuid: other, postUuid: post, authorId: ann, body: 'Another workspace' });
    expect(await notes.of(workspace, post)).toEqual([mine]);
    expect(await notes.of(workspace, randomUUID())).toEqual([]);
  });

  it('keeps the name of an author who was deleted since', async () => {
    const post = randomUUID();
    const carl = Number((await database.db.insertInto('users').values({ name: 'Carl', email: 'carl@notes.test', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id);
    await notes.add({ workspaceUuid: workspace, postUuid: post, authorId: carl, body: 'Looks good.' });
    await database.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', carl).execute();
    expect((await notes.of(workspace, post)).map((note) => note.author)).toEqual([{ id: carl, name: 'Carl' }]);
  });
});
