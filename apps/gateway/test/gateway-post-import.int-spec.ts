import { randomUUID } from 'node:crypto';
import { adminWorkspace, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/** Imports through the gateway over the real post-service (SQLite): all or none when the post-service stops midway. */
describe('gateway: importing posts (SQLite, over the post-service)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let accountId: number;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = await adminWorkspace(gateway, 'Import');
    accountId = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Acme', username: 'acme' } })).body.id;
  });
  afterEach(() => (gateway.services.createsBeforeOutage = null));
  afterAll(() => gateway?.dispose());

  const rows = (label: string) => [1, 2, 3].map((n) => ({ text: `${label} ${n}`, accounts: [accountId] }));
  const importRows = (body: unknown, headers: Record<string, string> = {}) => gateway.call('POST', `/api/${workspace}/posts/import`, { body, headers });
  const drafts = async (label: string): Promise<string[]> => {
    const page = (await gateway.call('GET', `/api/${workspace}/posts?limit=100`)).body.data as Array<{ uuid: string; versions: Array<{ content: Array<{ body: string }> }> }>;
    return page.filter((post) => post.versions[0].content[0].body.startsWith(label)).map((post) => post.uuid);
  };

  it('without an Idempotency-Key, a post-service that stops midway leaves nothing: the posts created are deleted', async () => {
    gateway.services.createsBeforeOutage = 2;
    const deletesBefore = gateway.services.callsOf('posts.delete').length;
    const failed = await importRows(rows('Unkeyed'));
    expect(failed.status).toBe(503);
    expect(gateway.services.callsOf('posts.delete').length - deletesBefore).toBe(2);
    expect(await drafts('Unkeyed')).toEqual([]);
  });

  it('with an Idempotency-Key, the import sent again after a failure midway creates only the rest, each row once', async () => {
    const key = `import-${randomUUID()}`;
    gateway.services.createsBeforeOutage = 2;
    expect((await importRows(rows('Keyed'), { 'idempotency-key': key })).status).toBe(503);
    const createdFirst = await drafts('Keyed');
    expect(createdFirst).toHaveLength(2);

    gateway.services.createsBeforeOutage = null;
    const again = await importRows(rows('Keyed'), { 'idempotency-key': key });
    expect(again.status).toBe(201);
    const uuids = again.body.data.map((post: { uuid: string }) => post.uuid);
    expect(uuids).toHaveLength(3);
    expect(uuids.slice(0, 2).sort()).toEqual([...createdFirst].sort());
    expect((await drafts('Keyed')).sort()).toEqual([...uuids].sort());
  });

  it('a dry run and an import are two requests to an Idempotency-Key: the key of one is refused for the other', async () => {
    const key = `import-${randomUUID()}`;
    const dry = await gateway.call('POST', `/api/${workspace}/posts/import?dry_run=true`, { body: rows('Dry'), headers: { 'idempotency-key': key } });
    expect(dry.body).toEqual({ valid: true, rows: [0, 1, 2].map((row) => ({ row, errors: {} })) });
    const real = await importRows(rows('Dry'), { 'idempotency-key': key });
    expect({ status: real.status, body: real.body }).toEqual({ status: 422, body: { message: 'The idempotency key was already used with another request.' } });
    expect(await drafts('Dry')).toEqual([]);
  });

  it('a body sent as text/csv is read as CSV; under another type it is read as JSON, as every body is', async () => {
    const csv = await gateway.call('POST', `/api/${workspace}/posts/import?dry_run=true`, { rawBody: `text,accounts\nHello,${accountId}\n`, headers: { 'content-type': 'text/csv' } });
    expect(csv.body).toEqual({ valid: true, rows: [{ row: 0, errors: {} }] });
    const plain = await gateway.call('POST', `/api/${workspace}/posts/import?dry_run=true`, { rawBody: `text,accounts\nHello,${accountId}\n`, headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(400);
  });
});
