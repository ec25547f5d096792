import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ApiClient } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(90_000);

const ASSETS_DIR = resolve(__dirname, '../../../dist/dashboard/assets');

/** The dashboard's files and its session, over HTTP (the browser suite drives the pages). */
describe('dashboard serving and session (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
  });
  afterAll(() => service?.dispose());

  const fetchPath = (path: string, init?: RequestInit) => fetch(`${service.baseUrl}${path}`, { redirect: 'manual', ...init });

  it('serves the page at /app and at any deep link under it, never cached', async () => {
    for (const path of ['/app', '/app/', '/app/posts/new', '/app/webhooks/12', '/APP/calendar']) {
      const answer = await fetchPath(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await answer.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets as immutable, and a missing asset is a 404, not the page', async () => {
    const script = readdirSync(ASSETS_DIR).find((name) => name.endsWith('.js'));
    const answer = await fetchPath(`/app/assets/${script}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/app/assets/missing-0000.js', '/app/favicon.ico', '/app/../package.json', '/app/%2e%2e/package.json']) {
      const missing = await fetchPath(path);
      expect({ path, status: missing.status }).toEqual({ path, status: 404 });
    }
  });

  /** The raw answer, its body as sent (fetch would decode it). */
  const rawGet = (path: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
      get(`${service.baseUrl}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => done({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
      }).on('error', fail);
    });

  it('sends the page and assets compressed, Brotli or gzip as the browser accepts, the same bytes once decoded', async () => {
    const script = readdirSync(ASSETS_DIR).find((name) => name.startsWith('index-') && name.endsWith('.js'))!;
    const original = readFileSync(resolve(ASSETS_DIR, script));
    const path = `/app/assets/${script}`;

    const br = await rawGet(path, 'gzip, deflate, br, zstd');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gzip = await rawGet(path, 'gzip, deflate');
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await rawGet(path, accept);
      expect({ accept, encoding: plain.headers['content-encoding'], same: plain.body.equals(original) }).toEqual({ accept, encoding: undefined, same: true });
    }

    const styles = readdirSync(ASSETS_DIR).find((name) => name.endsWith('.css'))!;
    const css = await rawGet(`/app/assets/${styles}`, 'gzip');
    expect(css.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(gunzipSync(css.body).equals(readFileSync(resolve(ASSETS_DIR, styles)))).toBe(true);
    // The page itself is a few hundred bytes, under the 1 KiB worth compressing, and never cached.
    const page = await rawGet('/app/posts', 'gzip, br');
    expect(page.headers).toMatchObject({ 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' });
    expect(page.headers['content-encoding']).toBeUndefined();
  });

  it('never answers /api with the page: an unknown API path is a JSON 404', async () => {
    for (const path of ['/api/app/assets/index.js', '/api/no/such/route/here', '/api/index.html']) {
      const answer = await fetchPath(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(await answer.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('signs in with a token into an HttpOnly, SameSite=Strict cookie that the API accepts, and signs out', async () => {
    const signIn = await fetchPath('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: service.adminToken }) });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toEqual({ user_id: 1, is_admin: true, token_id: 1 });
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sps_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
    const session = cookie.split(';')[0];

    const me = await fetchPath('/api/session', { headers: { cookie: session } });
    expect(await me.json()).toEqual({ user_id: 1, is_admin: true, token_id: 1 });
    const workspace = await approverWorkspace(admin, 'Cookie');
    const posts = await fetchPath(`/api/${workspace}/posts`, { headers: { cookie: session } });
    expect(posts.status).toBe(200);

    const signOut = await fetchPath('/api/session', { method: 'DELETE', headers: { cookie: session, 'x-requested-with': 'dashboard' } });
    expect(signOut.status).toBe(204);
    expect(signOut.headers.get('set-cookie')).toMatch(/^sps_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/);
    // The session is over, not only its cookie: the value it had is refused.
    expect((await fetchPath('/api/session', { headers: { cookie: session } })).status).toBe(401);
    expect((await fetchPath(`/api/${workspace}/posts`, { headers: { cookie: session } })).status).toBe(401);
  });

  it('keeps a session of its own in the cookie: the API token there signs nobody in', async () => {
    const signIn = await fetchPath('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: service.adminToken }) });
    const session = signIn.headers.get('set-cookie')!.split(';')[0];
    expect(decodeURIComponent(session.slice('sps_session='.length))).not.toBe(service.adminToken);
    expect((await fetchPath('/api/session', { headers: { cookie: `sps_session=${encodeURIComponent(service.adminToken!)}` } })).status).toBe(401);
  });

  it('refuses a cookie-signed write without X-Requested-With (cross-site forgery), and accepts it with the header or a bearer token', async () => {
    const signIn = await fetchPath('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: service.adminToken }) });
    const session = signIn.headers.get('set-cookie')!.split(';')[0];
    const body = JSON.stringify({ name: 'Forged' });
    const forged = await fetchPath('/api/panel/workspaces', { method: 'POST', headers: { cookie: session, 'content-type': 'application/json' }, body });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: 'A request signed in with the session cookie must carry the X-Requested-With header.' });
    // The body an HTML form can send without a preflight never reaches a route.
    const formBody = await fetchPath('/api/panel/workspaces', { method: 'POST', headers: { cookie: session, 'content-type': 'text/plain' }, body });
    expect(formBody.status).toBe(415);
    const listed = await admin.get('/api/panel/workspaces');
    expect(listed.body.data.map((workspace: { name: string }) => workspace.name)).not.toContain('Forged');

    const fromPage = await fetchPath('/api/panel/workspaces', { method: 'POST', headers: { cookie: session, 'x-requested-with': 'dashboard', 'content-type': 'application/json' }, body });
    expect(fromPage.status).toBe(201);
  });

  it('refuses sign-in with an unknown token (401) or none (422), setting no cookie', async () => {
    const json = { 'content-type': 'application/json' };
    const unknown = await fetchPath('/api/session', { method: 'POST', headers: json, body: JSON.stringify({ token: 'not-a-token' }) });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('set-cookie')).toBeNull();
    expect(await unknown.json()).toEqual({ message: 'Unauthenticated.' });
    const none = await fetchPath('/api/session', { method: 'POST', headers: json, body: '{}' });
    expect(none.status).toBe(422);
    expect(await none.json()).toEqual({ message: 'Validation errors.', errors: { token: ['The token field is required.'] } });
    const revoked = await fetchPath('/api/session', { headers: { cookie: 'sps_session=not-a-token' } });
    expect(revoked.status).toBe(401);
  });
});
