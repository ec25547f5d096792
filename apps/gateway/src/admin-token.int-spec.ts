import { TestDatabase, testEngines } from '@app/persistence/testing';
import { migrateSchema } from '@app/persistence';
import { AccessCache } from './access/access-cache';
import { issueFirstAdminToken } from './admin-token';
import { LiveTokenIndex } from './auth/live-token-index';
import { TokenStore } from './auth/token-store';
import { GATEWAY_SCHEMA, GatewayTables, gatewayMigrations } from './gateway-migrations';

/** The way back in when the admin token is lost, on both engines: a token of the first admin that a gateway accepts. */
describe.each(testEngines)('issueFirstAdminToken on %s', (_, open) => {
  let opened: TestDatabase;
  beforeEach(async () => (opened = await open()));
  afterEach(() => opened.dispose());

  const gateway = () => opened.database.forSchema<GatewayTables>(GATEWAY_SCHEMA);

  it('says the tables cannot be read on a database the gateway never migrated', async () => {
    expect(await issueFirstAdminToken(opened.database)).toEqual({ kind: 'unreadable', reason: expect.any(String) });
  });

  it('says there is no admin yet, and issues nothing', async () => {
    await migrateSchema(gateway(), gatewayMigrations);
    await gateway().db.insertInto('users').values({ name: 'Member', email: 'member@example.com', is_admin: false, deleted_at: null }).execute();
    expect(await issueFirstAdminToken(opened.database)).toEqual({ kind: 'no-admin' });
    expect(await gateway().db.selectFrom('tokens').select('id').execute()).toEqual([]);
  });

  it('gives the first admin not deleted a token without expiry, which a gateway accepts', async () => {
    await migrateSchema(gateway(), gatewayMigrations);
    const { db } = gateway();
    await db.insertInto('users').values({ name: 'Gone', email: 'gone@example.com', is_admin: true, deleted_at: new Date() }).execute();
    await db.insertInto('users').values({ name: 'Admin', email: 'admin@localhost', is_admin: true, deleted_at: null }).execute();
    await db.insertInto('users').values({ name: 'Second admin', email: 'second@example.com', is_admin: true, deleted_at: null }).execute();
    const adminId = Number((await db.selectFrom('users').select('id').where('email', '=', 'admin@localhost').executeTakeFirstOrThrow()).id);

    const outcome = await issueFirstAdminToken(opened.database);

    expect(outcome).toEqual({ kind: 'issued', userId: adminId, email: 'admin@localhost', token: expect.stringMatching(/^sps_/) });
    const tokensOfAGateway = new TokenStore(gateway(), new AccessCache(), new LiveTokenIndex(gateway()));
    expect(await tokensOfAGateway.authenticate((outcome as { token: string }).token)).toMatchObject({ userId: adminId, isAdmin: true, tokenExpiresAt: null });
  });
});
