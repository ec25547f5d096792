import { ApiClient } from './support/api-client';
import { createUser } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

/** A client of another address: the service reads it from X-Forwarded-For under TRUST_PROXY. */
const from = (address: string) => ({ 'x-forwarded-for': address });

/**
 * Guessing and forging at the door, over HTTP against the built service: wrong tokens at sign-in
 * and made-up OAuth states are charged to the client's address; a flood from an address never
 * locks out a valid token used from it; another site cannot sign a browser in, nor write with its
 * cookie.
 */
describe('sign-in, guessing and cross-site requests (RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE=10)', () => {
  let service: RunningService;
  let api: ApiClient;

  beforeAll(async () => {
    service = await startService({ env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10', TRUST_PROXY: 'true' } });
    api = new ApiClient(service.baseUrl, null);
  });
  afterAll(() => service?.dispose());

  const signIn = (token: string, headers: Record<string, string>) => api.post('/api/session', { token }, { headers });

  it('counts wrong tokens at sign-in against the address: 10 times 401, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++) statuses.push((await signIn(`guess-${index}`, from('198.51.100.1'))).status);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    const limited = await signIn('guess-again', from('198.51.100.1'));
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await signIn('guess-elsewhere', from('198.51.100.2'))).status).toBe(401);
  });

  it('counts made-up OAuth states against the address too', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 15; index++) {
      const answer = await fetch(`${service.baseUrl}/api/oauth/x/callback?state=made-up-${index}&code=c`, { redirect: 'manual', headers: from('198.51.100.3') });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(302), ...Array(5).fill(429)]);
  });

  it('lets a valid token that was never used in from a flooded address, at sign-in and on the API', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    const unused = await createUser(admin, 'behind-nat@example.com');
    for (let index = 0; index < 20; index++) await api.get('/api/panel/workspaces', { token: `made-up-${index}`, headers: from('198.51.100.4') });
    expect((await api.get('/api/me', { token: 'made-up-again', headers: from('198.51.100.4') })).status).toBe(429);

    expect((await api.get('/api/me', { token: unused.token, headers: from('198.51.100.4') })).status).toBe(200);
    const signedIn = await signIn(unused.token, from('198.51.100.4'));
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/^sps_session=/);
  });

  it('refuses a sign-in form posted by another site (login CSRF): no cookie is set', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    const attacker = await createUser(admin, 'attacker@example.com');
    const form = `{"token":"${attacker.token}"}`;
    const crossSite = await api.call('POST', '/api/session', { rawBody: form, headers: { 'content-type': 'text/plain', origin: 'https://evil.example', ...from('198.51.100.5') } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ message: 'A request from another site may not change anything here.' });
    expect(crossSite.headers.get('set-cookie')).toBeNull();

    const fetchMetadata = await api.call('POST', '/api/session', { body: { token: attacker.token }, headers: { 'sec-fetch-site': 'cross-site', ...from('198.51.100.5') } });
    expect(fetchMetadata.status).toBe(403);

    const plainText = await api.call('POST', '/api/session', { rawBody: form, headers: { 'content-type': 'text/plain', ...from('198.51.100.5') } });
    expect(plainText.status).toBe(415);
    expect(plainText.body).toEqual({ message: 'The request body must be JSON, sent with Content-Type: application/json.' });
    expect(plainText.headers.get('set-cookie')).toBeNull();

    const sameSite = await api.post('/api/session', { token: attacker.token }, { headers: { origin: service.baseUrl, ...from('198.51.100.5') } });
    expect(sameSite.status).toBe(200);
  });

  it('refuses a write of another site that rides on the session cookie, and lets a bearer client send any Content-Type', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    const signedIn = await signIn(service.adminToken!, from('198.51.100.6'));
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0];
    const crossSite = await api.call('POST', '/api/panel/workspaces', { body: { name: 'Forged' }, headers: { cookie, origin: 'https://evil.example', 'x-requested-with': 'x' } });
    expect(crossSite.status).toBe(403);
    const own = await api.call('POST', '/api/panel/workspaces', { body: { name: 'Own' }, headers: { cookie, origin: service.baseUrl, 'x-requested-with': 'dashboard' } });
    expect(own.status).toBe(201);

    const bearer = await admin.call('POST', '/api/panel/workspaces', { rawBody: '{"name":"Scripted"}', headers: { 'content-type': 'text/plain' } });
    expect(bearer.status).toBe(201);
  });

  it('marks answers of the API not to be stored by any cache', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    const token = await admin.post('/api/me/tokens', { name: 'cache' });
    expect(token.status).toBe(201);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect((await signIn(service.adminToken!, from('198.51.100.7'))).headers.get('cache-control')).toBe('no-store');
    expect((await admin.get('/api/me')).headers.get('cache-control')).toBe('no-store');
  });
});
