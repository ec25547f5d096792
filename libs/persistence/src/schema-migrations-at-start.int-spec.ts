import { Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { schemaMigrationsAtStart, SchemaDatabase, SchemaMigration } from '@app/persistence';
import { TestDatabase, testEngines } from '@app/persistence/testing';

interface Tables {
  notes: { id: string };
}

const migrations: SchemaMigration[] = [
  { id: '001-notes', up: (db) => db.schema.createTable('notes').addColumn('id', 'text', (col) => col.primaryKey()).execute() },
  { id: '002-first-note', up: async (db) => void (await db.insertInto('notes').values({ id: 'seeded' }).execute()) },
];

const NOTES_DATABASE = Symbol('NOTES_DATABASE');

/** What a service starts in its bootstrap hook (consumers, loops, the first admin): it reads the migrated tables. */
@Injectable()
class ReadsAtBootstrap implements OnApplicationBootstrap {
  seen: string[] = [];
  constructor(@Inject(NOTES_DATABASE) private readonly database: SchemaDatabase<Tables>) {}
  async onApplicationBootstrap(): Promise<void> {
    this.seen = (await this.database.db.selectFrom('notes').select('id').execute()).map((row) => row.id);
  }
}

describe.each(testEngines)('schemaMigrationsAtStart on %s', (_, open) => {
  let opened: TestDatabase;
  beforeEach(async () => (opened = await open()));
  afterEach(() => opened.dispose());

  async function start(): Promise<{ seen: string[]; logged: string[]; close: () => Promise<void> }> {
    const database = opened.database.forSchema<Tables>('notes_service');
    @Module({ providers: [{ provide: NOTES_DATABASE, useValue: database }, schemaMigrationsAtStart(NOTES_DATABASE, migrations), ReadsAtBootstrap] })
    class NotesModule {}
    const logged: string[] = [];
    const log = jest.spyOn(Logger.prototype, 'debug').mockImplementation((message: unknown) => void logged.push(String(message)));
    const app = await Test.createTestingModule({ imports: [NotesModule] }).compile();
    await app.init();
    log.mockRestore();
    return { seen: app.get(ReadsAtBootstrap).seen, logged, close: () => app.close() };
  }

  it('migrates the schema before any bootstrap hook runs, and says which migrations it applied (at debug level)', async () => {
    const first = await start();
    expect(first.seen).toEqual(['seeded']);
    expect(first.logged).toContain('Applied migrations to schema notes_service: 001-notes, 002-first-note');
    await first.close();

    const second = await start();
    expect(second.seen).toEqual(['seeded']);
    expect(second.logged.filter((line) => line.startsWith('Applied migrations'))).toEqual([]);
    await second.close();
  });
});
