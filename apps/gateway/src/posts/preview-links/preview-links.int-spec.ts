import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@app/config';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { PreviewLinks } from './preview-links';

/** Preview links on both engines: a token kept only as its digest, links that expire and are revoked. */
describe.each(testEngines)('PreviewLinks on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let links: PreviewLinks;
  let maker: number;
  const workspace = randomUUID();
  const post = randomUUID();
  const HOUR = 3_600_000;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    links = new PreviewLinks(database, { publicUrl: 'https://social.example.com' } as AppConfig);
    await database.db.insertInto('workspaces').values({ uuid: workspace, name: 'W', created_at: new Date() }).execute();
    maker = Number((await database.db.insertInto('users').values({ name: 'Ann', email: 'ann@links.test', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(() => dispose());

  const make = (now: Date, expiresInHours = 2, canApprove = false) => links.make({ workspaceUuid: workspace, postUuid: post, createdBy: maker, canApprove, expiresInHours }, now);
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  it('gives the token once, in the link’s address, and keeps only its digest', async () => {
    const made = await make(new Date(), 1, true);
    expect(made.url).toMatch(/^https:\/\/social\.example\.com\/p\/[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.selectFrom('preview_links').selectAll().where('id', '=', made.id).execute();
    expect(JSON.stringify(rows)).not.toContain(tokenOf(made.url));
    expect(await links.open(tokenOf(made.url))).toMatchObject({ id: made.id, workspaceUuid: workspace, postUuid: post, canApprove: true, createdBy: maker, expiresAt: made.expires_at });
  });

  it('opens a link until it expires, and lists it with its expiry after that', async () => {
    const now = new Date('2026-12-01T10:00:00.000Z');
    const made = await make(now, 2);
    expect(made.expires_at).toBe('2026-12-01T12:00:00.000Z');
    expect(await links.open(tokenOf(made.url), new Date(now.getTime() + 2 * HOUR - 1))).toMatchObject({ id: made.id });
    expect(await links.open(tokenOf(made.url), new Date(now.getTime() + 2 * HOUR))).toBeNull();
    expect((await links.of(workspace, post)).find((link) => link.id === made.id)).toEqual({ id: made.id, expires_at: made.expires_at, can_approve: false, created_at: now.toISOString() });
  });

  it('opens nothing once revoked, lists it no more, and revokes only the links of that post', async () => {
    const made = await make(new Date(), 3);
    expect(await links.revoke(workspace, randomUUID(), made.id)).toBe(false);
    expect(await links.revoke(workspace, post, made.id)).toBe(true);
    expect(await links.revoke(workspace, post, made.id)).toBe(false);
    expect(await links.open(tokenOf(made.url))).toBeNull();
    expect((await links.of(workspace, post)).map((link) => link.id)).not.toContain(made.id);
    expect(await links.open('x'.repeat(43))).toBeNull();
  });
});
