import { migrateSchema, PreparedQuery, SchemaDatabase, sqliteStatementCounts } from '@app/persistence';
import { testEngines } from '@app/persistence/testing';
import { WritesAlongside } from '../event-store.port';
import { newEvent, newStreamId } from '../testing/test-helpers';
import { SqlEventStore } from './sql-event-store';

interface SideTables {
  marks: { stream_id: string; revision: number };
}

const mark = new PreparedQuery(({ db }: SchemaDatabase<SideTables>, p: { streamId: string; revision: number }) =>
  db.insertInto('marks').values({ stream_id: p.streamId, revision: p.revision }),
);

/** Writes of another schema made in an append's transaction: only where both share SQLite's one connection. */
describe.each(testEngines)('SqlEventStore: writes alongside an append on %s', (engine, open) => {
  let dispose: () => Promise<void>;
  let store: SqlEventStore;
  let side: SchemaDatabase<SideTables>;
  const shared = engine === 'SQLite';

  beforeAll(async () => {
    const opened = await open();
    dispose = opened.dispose;
    store = new SqlEventStore(opened.database);
    await store.migrate();
    side = opened.database.forSchema<SideTables>('side');
    await migrateSchema(side, [
      { id: '001-marks', up: (db) => db.schema.createTable('marks').addColumn('stream_id', 'text', (col) => col.notNull()).addColumn('revision', 'integer').execute() },
    ]);
  });
  afterAll(async () => {
    await store.close();
    await dispose();
  });

  const marksOf = async (streamId: string) => (await side.db.selectFrom('marks').select('revision').where('stream_id', '=', streamId).execute()).map((row) => Number(row.revision));
  const marking = (streamId: string, connection: object | undefined = side.immediate): WritesAlongside => ({
    connection: connection ?? {},
    write: (revision, transaction) => mark.run(side, { streamId, revision }, transaction).then(() => undefined),
  });

  it('writes them in the append’s transaction, with the revision of its last event, in one commit', async () => {
    const streamId = newStreamId();
    const commitsBefore = sqliteStatementCounts.commit;
    const result = await store.appendToStream(streamId, [newEvent('A'), newEvent('B')], 'no_stream', marking(streamId));

    expect(result.wroteAlongside).toBe(shared);
    expect(await marksOf(streamId)).toEqual(shared ? [1] : []);
    if (shared) expect(sqliteStatementCounts.commit - commitsBefore).toBe(1);
  });

  it('rolls the append back when they fail, and leaves them out when the append fails', async () => {
    const streamId = newStreamId();
    const failing: WritesAlongside = { connection: side.immediate ?? {}, write: () => Promise.reject(new Error('the write failed')) };
    const appended = store.appendToStream(streamId, [newEvent('A')], 'no_stream', failing);
    if (shared) {
      await expect(appended).rejects.toThrow('the write failed');
      expect(await store.readStream(streamId)).toEqual([]);
    } else expect((await appended).wroteAlongside).toBe(false);

    const other = newStreamId();
    await store.appendToStream(other, [newEvent('A')], 'no_stream');
    await expect(store.appendToStream(other, [newEvent('B')], 'no_stream', marking(other))).rejects.toThrow('expected revision no_stream');
    expect(await marksOf(other)).toEqual([]);
  });

  it('leaves them to the caller when they are on another connection', async () => {
    const streamId = newStreamId();
    const result = await store.appendToStream(streamId, [newEvent('A')], 'no_stream', marking(streamId, {}));
    expect(result.wroteAlongside).toBe(false);
    expect(await marksOf(streamId)).toEqual([]);
  });
});
