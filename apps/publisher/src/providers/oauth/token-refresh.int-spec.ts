import { randomUUID } from 'node:crypto';
import { migrateSchema, openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { createThrowawayDatabase } from '@app/persistence/testing';
import { SecretBox } from '@app/security';
import { setTimeout as sleep } from 'node:timers/promises';
import { behindFaultProxy, ProxiedPlatform } from '@test/providers/support/fault-proxy';
import { request } from '@test/providers/support/provider-scenarios';
import { XApiServer } from '@test/providers/x/x-api-server';
import { AccountCredentialStore } from '../../accounts/account-credential-store';
import { PUBLISHER_SCHEMA, PublisherTables, publisherMigrations } from '../../publisher-migrations';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { XProvider } from '../x/x-provider';

jest.setTimeout(60_000);

const WORKSPACE = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

/** The publisher's database: the processes that share it (each with its own connections), and how to remove it. */
interface Deployment {
  databases: SqlDatabase[];
  dispose(): Promise<void>;
}

const deployments: Array<[name: string, open: () => Promise<Deployment>]> = [
  [
    'SQLite, one process (embedded)',
    async () => {
      const database = openSqliteDatabase();
      return { databases: [database], dispose: () => database.close() };
    },
  ],
  [
    'PostgreSQL, two replicas (distributed)',
    async () => {
      const throwaway = await createThrowawayDatabase('sps_refresh');
      const databases = [openPostgresDatabase(throwaway.url, { max: 4 }), openPostgresDatabase(throwaway.url, { max: 4 })];
      return {
        databases,
        dispose: async () => {
          await Promise.all(databases.map((database) => database.close()));
          await throwaway.drop();
        },
      };
    },
  ],
];

/** How long X's token endpoint takes to answer (a platform far away): long enough for every publish to find the token stale. */
const TOKEN_ANSWER_MS = 300;

/**
 * Publishes that find an access token about to expire, at the same time, against a local X whose
 * token endpoint rotates refresh tokens and refuses one used before.
 */
describe.each(deployments)('refreshing an account’s OAuth tokens on %s', (_, open) => {
  let local: ProxiedPlatform<XApiServer>;
  let api: XApiServer;
  let x: XProvider;
  let stores: AccountCredentialStore[];
  let deployment: Deployment;
  let nextAccount = 1;

  beforeAll(async () => {
    local = await behindFaultProxy(await XApiServer.start(), async (path) => {
      if (path === '/2/oauth2/token') await sleep(TOKEN_ANSWER_MS);
      return null;
    });
    api = local.platform;
    const apiUrl = local.proxy.url;
    x = new XProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 5_000 }), { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${apiUrl}/i/oauth2`, apiUrl });
    deployment = await open();
    const schemas = deployment.databases.map((database) => database.forSchema<PublisherTables>(PUBLISHER_SCHEMA));
    await migrateSchema(schemas[0], publisherMigrations);
    stores = schemas.map((schema) => new AccountCredentialStore(schema, new SecretBox('test')));
  });
  afterAll(async () => {
    await deployment?.dispose();
    await local?.stop();
  });

  /** An X account connected with tokens whose access token expires in a minute (within the margin that refreshes it). */
  async function accountNearExpiry(): Promise<number> {
    const accountId = nextAccount++;
    const verified = await x.verify({}, api.tokensOf(api.addUser(`user${accountId}`)));
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    await stores[0].save({ accountId, workspaceUuid: WORKSPACE, provider: 'x', settings: verified.account.settings, credentials: {} }, { ...verified.account.session, expires_at: Date.now() + 60_000 });
    return accountId;
  }
  const connectionOf = (store: AccountCredentialStore, accountId: number, settings: Record<string, unknown>): ProviderConnection => ({ accountId, settings, credentials: {}, session: store.sessionOf(accountId) });

  it('refreshes once for publishes that find the token about to expire at the same time: every post is published and the account stays authorized', async () => {
    const accountId = await accountNearExpiry();
    const { settings } = (await stores[0].find(accountId))!;
    const refreshesBefore = api.refreshes;

    // Two publishes in each process, at once.
    const outcomes = await Promise.all(
      stores.flatMap((store) => [1, 2].map(() => x.publish(request(connectionOf(store, accountId, settings), `Near expiry ${randomUUID()}`)))),
    );

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(outcomes.map(() => 'published'));
    expect(api.refreshes - refreshesBefore).toBe(1);
    expect(api.textsOf(String(settings.user_id))).toHaveLength(2 * stores.length);
    // The stored refresh token is the one the platform rotated to: the next refresh works.
    const session = await stores[0].sessionOf(accountId).load();
    expect(session?.expires_at).toBeGreaterThan(Date.now() + 3_600_000);
    await stores[0].sessionOf(accountId).save({ ...session, expires_at: Date.now() + 60_000 });
    expect(await x.publish(request(connectionOf(stores[stores.length - 1], accountId, settings), 'After another refresh'))).toMatchObject({ kind: 'published' });
    expect(api.refreshes - refreshesBefore).toBe(2);
  });

  it('lets the changes of different accounts run side by side', async () => {
    const [first, second] = [await accountNearExpiry(), await accountNearExpiry()];
    const settingsOf = async (accountId: number) => (await stores[0].find(accountId))!.settings;
    const refreshesBefore = api.refreshes;

    const outcomes = await Promise.all([first, second].map(async (accountId) => x.publish(request(connectionOf(stores[0], accountId, await settingsOf(accountId)), `Own account ${randomUUID()}`))));

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['published', 'published']);
    expect(api.refreshes - refreshesBefore).toBe(2);
  });
});
