import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { migrateSchema, openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { createThrowawayDatabase } from '@app/persistence/testing';
import { lockDataDir } from '@app/runtime';
import { parseEncryptionKey, SecretBox } from '@app/security';
import { newKeyText } from '@app/security/testing';
import { GATEWAY_SCHEMA, GatewayTables, gatewayMigrations } from '../../gateway/src/gateway-migrations';
import { gatewayEncryptedColumns, gatewaySecretStores } from '../../gateway/src/gateway-stored-secrets';
import { PUBLISHER_SCHEMA, publisherMigrations } from '../../publisher/src/publisher-migrations';
import { publisherSecretStores } from '../../publisher/src/publisher-stored-secrets';
import { WEBHOOKS_SCHEMA, webhooksMigrations } from '../../webhook-dispatcher/src/webhooks-schema';
import { webhooksSecretStores } from '../../webhook-dispatcher/src/webhooks-stored-secrets';
import { reencryptColumn } from './reencrypt-column';
import { runReencryption } from './run-reencryption';

jest.setTimeout(60_000);

const boxOf = (keyText: string) => new SecretBox({ current: parseEncryptionKey(keyText, 'ENCRYPTION_KEY', { strict: true }) });

interface Engine {
  /** Where the command finds the database: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  open(): SqlDatabase;
  dispose(): Promise<void>;
}

const engines: Array<[string, () => Promise<Engine>]> = [
  [
    'SQLite (embedded, DATA_DIR)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'reencrypt-'));
      return { env: { DATA_DIR: dataDir }, open: () => openSqliteDatabase(join(dataDir, 'service.db')), dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    'PostgreSQL (distributed, DATABASE_URL)',
    async () => {
      const throwaway = await createThrowawayDatabase('sps_reencrypt');
      return { env: { DATABASE_URL: throwaway.url }, open: () => openPostgresDatabase(throwaway.url, { max: 2 }), dispose: () => throwaway.drop() };
    },
  ],
];

/** The services' own stores of secrets on one database, with the SecretBox given. */
const servicesOn = (database: SqlDatabase, box: SecretBox) => ({
  ...gatewaySecretStores(database, box),
  ...publisherSecretStores(database, box),
  ...webhooksSecretStores(database, box),
});

const WORKSPACE = '7d0c1a4e-5b1f-4c55-9a3e-1f2b3c4d5e6f';
const account = (accountId: number) => ({ accountId, workspaceUuid: WORKSPACE, provider: 'sandbox', settings: { chat: accountId }, credentials: { token: `credential-${accountId}` } });
const request = { userId: 1, scope: 'POST /api/ws/webhooks', key: 'k-1', fingerprint: 'f' };
const ATTEMPT = { postUuid: '0e5b7c1a-2f3d-4a5b-8c6d-7e8f9a0b1c2d', accountId: 1, round: 1 };

/** Every stored secret of the services, moved from an old key to ENCRYPTION_KEY, on both engines. */
describe.each(engines)('the re-encrypt command on %s', (_, start) => {
  const oldKey = newKeyText();
  const newKey = newKeyText();
  let engine: Engine;

  beforeAll(async () => {
    engine = await start();
    const database = engine.open();
    try {
      await migrateSchema(database.forSchema(GATEWAY_SCHEMA), gatewayMigrations);
      await migrateSchema(database.forSchema(PUBLISHER_SCHEMA), publisherMigrations);
      await migrateSchema(database.forSchema(WEBHOOKS_SCHEMA), webhooksMigrations);
      const before = servicesOn(database, boxOf(oldKey));
      await before.accounts.save(account(1), { session: 'bluesky-session' });
      await before.accounts.save(account(2));
      await before.progress.of(ATTEMPT, 0).record({ upload_session: 'https://upload.example/session-1' });
      const rotated = await before.webhooks.insert(WORKSPACE, { url: 'https://example.com/a', events: ['post.published'], secret: 'whsec_old', active: true });
      // Rotated under the old key: both the new secret and the one it replaced (signing until the grace ends) are to move.
      await before.webhooks.rotateSecret(WORKSPACE, rotated.id, 'whsec_rotated', 3_600);
      await servicesOn(database, boxOf(newKey)).webhooks.insert(WORKSPACE, { url: 'https://example.com/b', events: [], secret: 'whsec_new', active: true });
      await before.idempotency.claim(request);
      await before.idempotency.complete(request, { status: 201, body: { secret: 'whsec_old' } });
      await before.idempotency.claim({ ...request, key: 'k-2' });
    } finally {
      await database.close();
    }
  });
  afterAll(() => engine?.dispose());

  const run = (keys: { ENCRYPTION_KEY: string; ENCRYPTION_KEYS_OLD?: string }) => runReencryption(loadConfig({ ...engine.env, ...keys }));
  const countsOf = (reports: Awaited<ReturnType<typeof run>>['reports']) =>
    Object.fromEntries(reports.map((report) => [report.column, [report.values, report.moved, report.unreadable]]));

  it('moves every value under an old key to ENCRYPTION_KEY, and counts per column', async () => {
    const result = await run({ ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: oldKey });

    expect(result.keyId).toBe(boxOf(newKey).currentKeyId);
    // [stored, moved, unreadable]
    expect(countsOf(result.reports)).toEqual({
      'gateway.idempotency_keys.response_encrypted': [1, 1, 0],
      'publisher.accounts.settings_encrypted': [2, 2, 0],
      'publisher.accounts.credentials_encrypted': [2, 2, 0],
      'publisher.accounts.session_encrypted': [1, 1, 0],
      'publisher.item_progress.progress_encrypted': [1, 1, 0],
      'webhooks.webhooks.secret_ciphertext': [2, 1, 0],
      'webhooks.webhooks.previous_secret_ciphertext': [1, 1, 0],
    });

    // The services read everything with the new key alone.
    const database = engine.open();
    try {
      const after = servicesOn(database, boxOf(newKey));
      expect(await after.accounts.find(1)).toEqual(account(1));
      expect(await after.progress.of(ATTEMPT, 0).read()).toEqual({ upload_session: 'https://upload.example/session-1' });
      expect(await after.accounts.sessionOf(1).load()).toEqual({ session: 'bluesky-session' });
      expect(await after.accounts.find(2)).toEqual(account(2));
      const listed = await after.webhooks.list(WORKSPACE, 'shown');
      expect(listed.map((webhook) => webhook.secret)).toEqual(['whsec_rotated', 'whsec_new']);
      expect((await after.webhooks.signingTarget(WORKSPACE, listed[0].id))?.secrets).toEqual(['whsec_rotated', 'whsec_old']);
      expect(await after.idempotency.claim(request)).toEqual({ kind: 'replay', answer: { status: 201, body: { secret: 'whsec_old' } } });
    } finally {
      await database.close();
    }
  });

  it('is idempotent: a second run moves nothing', async () => {
    const again = await run({ ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: oldKey });
    expect(again.reports.every((report) => report.moved === 0 && report.unreadable === 0 && !report.missing)).toBe(true);
    expect(again.reports.reduce((sum, report) => sum + report.values, 0)).toBe(10);
  });

  it('pages through a composite primary key, a batch at a time, and reaches every row', async () => {
    const database = engine.open();
    try {
      const { idempotency } = servicesOn(database, boxOf(oldKey));
      const keys = [[2, 'a', 'x'], [1, 'b', 'x'], [1, 'a', 'y'], [1, 'a', 'x2'], [3, 'a', 'x']] as const;
      for (const [userId, scope, key] of keys) {
        const claimed = { userId, scope, key, fingerprint: 'f' };
        await idempotency.claim(claimed);
        await idempotency.complete(claimed, { status: 201, body: { key } });
      }
      // A whole first batch that cannot be read: the next batch starts after it, not again at it.
      const lost = servicesOn(database, boxOf(newKeyText())).idempotency;
      for (const key of ['a', 'b']) {
        await lost.claim({ userId: 0, scope: 'a', key, fingerprint: 'f' });
        await lost.complete({ userId: 0, scope: 'a', key, fingerprint: 'f' }, { status: 201, body: {} });
      }

      const rotated = new SecretBox({ current: parseEncryptionKey(newKey, 'ENCRYPTION_KEY', { strict: true }), old: [parseEncryptionKey(oldKey, 'ENCRYPTION_KEYS_OLD', { strict: true })] });
      const report = await reencryptColumn(database, gatewayEncryptedColumns[0], 'response_encrypted', rotated, 2);

      // The five new answers, and the one of the first test when it did not run before this one.
      expect(report).toMatchObject({ values: 8, unreadable: 2 });
      expect(report.moved).toBeGreaterThanOrEqual(5);
      const replayed = servicesOn(database, boxOf(newKey)).idempotency;
      for (const [userId, scope, key] of keys) {
        expect(await replayed.claim({ userId, scope, key, fingerprint: 'f' })).toEqual({ kind: 'replay', answer: { status: 201, body: { key } } });
      }
      await database.forSchema<GatewayTables>(GATEWAY_SCHEMA).db.deleteFrom('idempotency_keys').where('user_id', '=', 0).execute();
    } finally {
      await database.close();
    }
  });

  it('counts what no configured key opens and leaves it as it is, naming the missing key', async () => {
    const lost = newKeyText();
    const database = engine.open();
    try {
      await servicesOn(database, boxOf(lost)).accounts.save(account(3));
    } finally {
      await database.close();
    }

    const result = await run({ ENCRYPTION_KEY: newKey });

    const credentials = result.reports.find((report) => report.column === 'publisher.accounts.credentials_encrypted')!;
    expect(credentials).toMatchObject({ values: 3, moved: 0, unreadable: 1 });
    expect(credentials.firstError).toBe(`Encrypted with key ${boxOf(lost).currentKeyId}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD`);
    expect(result.reports.reduce((sum, report) => sum + report.moved, 0)).toBe(0);
  });
});

describe('the re-encrypt command in embedded mode', () => {
  it('refuses a DATA_DIR without a database, and one the running service holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reencrypt-'));
    try {
      await expect(runReencryption(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(/There is no embedded database at .*service\.db/);
      writeFileSync(join(dataDir, 'service.db'), '');
      const release = lockDataDir(dataDir, process.ppid);
      try {
        await expect(runReencryption(loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: newKeyText() }))).rejects.toThrow(/is in use by process/);
      } finally {
        release();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
