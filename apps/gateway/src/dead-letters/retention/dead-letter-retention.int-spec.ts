import { loadConfig } from '@app/config';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { DeadLetterRetention } from './dead-letter-retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention of recorded dead letters, on both engines. */
describe.each(testEngines)('DeadLetterRetention on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  afterAll(() => dispose());

  it('removes old dead letters that were replayed or cannot be; keeps pending ones and recent ones', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    let offset = 0;
    const letter = async (key: string, ageDays: number, state: 'pending' | 'replayed' | 'unreplayable') => {
      await database.db
        .insertInto('dead_letters')
        .values({
          dlq_topic: 'post-commands.dlq', dlq_partition: 0, dlq_offset: String((offset += 1)), original_topic: 'post-commands', original_partition: 0, original_offset: '1',
          group_id: 'g', attempts: 3, error: 'e', message_key: key, value_json: '{}', headers_json: '{}',
          not_replayable: state === 'unreplayable' ? 'never reached a handler' : null, dead_lettered_at: ago(ageDays), replayed_at: state === 'replayed' ? ago(ageDays - 1) : null,
        })
        .execute();
    };
    await letter('old replayed', 31, 'replayed');
    await letter('old unreplayable', 40, 'unreplayable');
    await letter('old pending', 200, 'pending');
    await letter('recent replayed', 29, 'replayed');

    const retention = new DeadLetterRetention(database, loadConfig({ DEAD_LETTER_RETENTION_DAYS: '30' }));
    expect(await retention.prune(now)).toBe(2);
    const left = (await database.db.selectFrom('dead_letters').select('message_key').orderBy('id').execute()).map((row) => row.message_key);
    expect(left).toEqual(['old pending', 'recent replayed']);
  });
});
