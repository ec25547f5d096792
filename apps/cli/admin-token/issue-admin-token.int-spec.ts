import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '@app/config';
import { migrateSchema, openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { createThrowawayDatabase } from '@app/persistence/testing';
import { DataDirInUseError, lockDataDir } from '@app/runtime';
import { ADMIN_COMMAND_TOKEN_NAME } from '../../gateway/src/admin-token';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway/src/gateway-migrations';
import { issueAdminToken } from './issue-admin-token';

jest.setTimeout(60_000);

interface Engine {
  /** Where the command finds the database: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  dataDir: string | null;
  open(): SqlDatabase;
  dispose(): Promise<void>;
}

const engines: Array<[string, () => Promise<Engine>]> = [
  [
    'SQLite (embedded, DATA_DIR)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'admin-token-'));
      return { env: { DATA_DIR: dataDir }, dataDir, open: () => openSqliteDatabase(join(dataDir, 'service.db')), dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    'PostgreSQL (distributed, DATABASE_URL)',
    async () => {
      const throwaway = await createThrowawayDatabase('sps_admin_token');
      return { env: { DATABASE_URL: throwaway.url }, dataDir: null, open: () => openPostgresDatabase(throwaway.url, { max: 2 }), dispose: () => throwaway.drop() };
    },
  ],
];

/**
 * `npm run admin -- token` on both engines: the database the configuration names, and the
 * gateway's answer in the command's words (that a gateway accepts the token is the gateway's test).
 */
describe.each(engines)('issueAdminToken on %s', (_name, start) => {
  let engine: Engine;

  /** Work on the database, closed again after (the embedded database takes one process at a time). */
  async function onDatabase<T>(work: (gateway: GatewayDatabase) => Promise<T>): Promise<T> {
    const database = engine.open();
    try {
      return await work(database.forSchema<GatewayTables>(GATEWAY_SCHEMA));
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    engine = await start();
    await onDatabase((gateway) => migrateSchema(gateway, gatewayMigrations));
  });
  afterAll(() => engine?.dispose());

  it('refuses, saying why, while there is no admin yet', async () => {
    const refusal = issueAdminToken(loadConfig(engine.env));
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(/There is no admin user in .*: the service creates one at its first start/);
  });

  it('gives the first admin not deleted a new token without expiry', async () => {
    const adminId = await onDatabase(async ({ db }) => {
      await db.insertInto('users').values({ name: 'Gone', email: 'gone@example.com', is_admin: true, deleted_at: new Date() }).execute();
      await db.insertInto('users').values({ name: 'Member', email: 'member@example.com', is_admin: false, deleted_at: null }).execute();
      await db.insertInto('users').values({ name: 'Admin', email: 'admin@localhost', is_admin: true, deleted_at: null }).execute();
      return Number((await db.selectFrom('users').select('id').where('email', '=', 'admin@localhost').executeTakeFirstOrThrow()).id);
    });

    const issued = await issueAdminToken(loadConfig(engine.env));
    expect(issued).toMatchObject({ userId: adminId, email: 'admin@localhost', token: expect.stringMatching(/^sps_/) });
    await onDatabase(async (gateway) => {
      const stored = await gateway.db.selectFrom('tokens').select(['user_id', 'name', 'expires_at']).execute();
      expect(stored.map((row) => ({ ...row, user_id: Number(row.user_id) }))).toEqual([{ user_id: adminId, name: ADMIN_COMMAND_TOKEN_NAME, expires_at: null }]);
    });
  });

  it('refuses, saying where, on a database the service never started on', async () => {
    const fresh = await start();
    try {
      // A database file with nothing of the service's (a statement, so that closing releases the file).
      const database = fresh.open();
      await sql`SELECT 1`.execute(database.forSchema(GATEWAY_SCHEMA).db);
      await database.close();
      const refusal = issueAdminToken(loadConfig(fresh.env));
      await expect(refusal).rejects.toBeInstanceOf(ConfigError);
      await expect(refusal).rejects.toThrow(/The gateway's tables could not be read in .* \(has the service started there once\?\)/);
    } finally {
      await fresh.dispose();
    }
  });
});

// Only the embedded database is held by a running service: distributed mode runs beside the services.
describe('issueAdminToken on the embedded database', () => {
  it('refuses while the service holds DATA_DIR', async () => {
    const engine = await engines[0][1]();
    const database = engine.open();
    await migrateSchema(database.forSchema<GatewayTables>(GATEWAY_SCHEMA), gatewayMigrations);
    await database.close();
    const release = lockDataDir(engine.dataDir!, process.ppid);
    try {
      await expect(issueAdminToken(loadConfig(engine.env))).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      release();
      await engine.dispose();
    }
  });
});
