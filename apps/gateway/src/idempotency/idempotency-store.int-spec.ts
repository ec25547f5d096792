import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { SecretBox } from '@app/security';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import { IdempotencyStore, IdempotentRequest } from './idempotency-store';

describe.each(testEngines)('IdempotencyStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let store: IdempotencyStore;
  const request: IdempotentRequest = { userId: 1, scope: 'POST /api/w/posts', key: 'k-1', fingerprint: 'f-1' };

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    store = new IdempotencyStore(database, new SecretBox(randomBytes(32).toString('base64')));
  });
  beforeEach(() => database.db.deleteFrom('idempotency_keys').execute());
  afterAll(async () => {
    store.onModuleDestroy();
    await dispose();
  });

  it('lets the first request claim a key, tells the next one it is running, then replays the stored answer', async () => {
    expect(await store.claim(request)).toEqual({ kind: 'claimed' });
    expect(await store.claim(request)).toEqual({ kind: 'running' });

    await store.complete(request, { status: 201, body: { uuid: 'p-1', secret: 'whsec_x' } });

    expect(await store.claim(request)).toEqual({ kind: 'replay', answer: { status: 201, body: { uuid: 'p-1', secret: 'whsec_x' } } });
  });

  it('keeps the stored answer encrypted', async () => {
    await store.claim(request);
    await store.complete(request, { status: 201, body: { secret: 'whsec_plain' } });
    const rows = await database.db.selectFrom('idempotency_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('whsec_plain');
  });

  it('refuses the key with another body, for the same user and path only', async () => {
    await store.claim(request);
    await store.complete(request, { status: 201, body: {} });

    expect(await store.claim({ ...request, fingerprint: 'f-2' })).toEqual({ kind: 'other-request' });
    expect(await store.claim({ ...request, fingerprint: 'f-2', userId: 2 })).toEqual({ kind: 'claimed' });
    expect(await store.claim({ ...request, fingerprint: 'f-2', scope: 'POST /api/w/accounts' })).toEqual({ kind: 'claimed' });
  });

  it('frees a key whose request was released, cut off long ago, or is older than a day', async () => {
    await store.claim(request);
    await store.release(request);
    expect(await store.claim(request)).toEqual({ kind: 'claimed' });

    await database.db.updateTable('idempotency_keys').set({ created_at: sql`${database.dialect.nowPlusMs(-10 * 60_000)}` }).execute();
    expect(await store.claim(request)).toEqual({ kind: 'claimed' });

    await store.complete(request, { status: 201, body: {} });
    await database.db.updateTable('idempotency_keys').set({ created_at: sql`${database.dialect.nowPlusMs(-25 * 3_600_000)}` }).execute();
    expect(await store.claim({ ...request, fingerprint: 'f-3' })).toEqual({ kind: 'claimed' });
  });

  it('sweeps keys older than a day', async () => {
    await store.claim(request);
    await store.claim({ ...request, key: 'k-2' });
    await database.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql`${database.dialect.nowPlusMs(-25 * 3_600_000)}` })
      .where('key', '=', 'k-1')
      .execute();

    expect(await store.sweep()).toBe(1);
    expect(await database.db.selectFrom('idempotency_keys').select('key').execute()).toEqual([{ key: 'k-2' }]);
  });
});
