import { BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/**
 * What the gateway takes from X-Forwarded-Host and X-Forwarded-Proto: nothing without TRUST_PROXY,
 * and the last entry (the nearest proxy's) with it. (The client's address: gateway-rate-limit.int-spec.ts.)
 */
describe.each([
  { trustProxy: '0', secureBehindTls: false, ownOriginByProxy: false },
  { trustProxy: '1', secureBehindTls: true, ownOriginByProxy: true },
])('gateway: X-Forwarded-Host and X-Forwarded-Proto (TRUST_PROXY=$trustProxy)', ({ trustProxy, secureBehindTls, ownOriginByProxy }) => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp({ TRUST_PROXY: trustProxy })));
  afterAll(() => gateway?.dispose());

  const signIn = (token: string, headers: Record<string, string>) => gateway.call('POST', '/api/session', { token: null, body: { token }, headers });
  const isSecure = (cookie: string | null) => / Secure(;|$)/.test(cookie ?? '');

  it(`marks the session cookie Secure on a request a proxy says came over HTTPS: ${secureBehindTls}`, async () => {
    const behindTls = await signIn(BOOTSTRAP_ADMIN_TOKEN, { 'x-forwarded-proto': 'https' });
    expect(behindTls.status).toBe(200);
    expect(isSecure(behindTls.headers.get('set-cookie'))).toBe(secureBehindTls);
    // The client's own entry comes first; the proxy's, last, says plain HTTP.
    expect(isSecure((await signIn(BOOTSTRAP_ADMIN_TOKEN, { 'x-forwarded-proto': 'https, http' })).headers.get('set-cookie'))).toBe(false);
  });

  it(`takes the origin a proxy names as the service's own for a write without a bearer token: ${ownOriginByProxy}`, async () => {
    const addressedByProxy = await signIn('made-up', { origin: 'https://api.example', 'x-forwarded-host': 'api.example' });
    expect(addressedByProxy.status).toBe(ownOriginByProxy ? 401 : 403);
    // The client's own entry comes first; the proxy's, last, names another host.
    expect((await signIn('made-up', { origin: 'https://api.example', 'x-forwarded-host': 'api.example, internal.example' })).status).toBe(403);
  });
});
