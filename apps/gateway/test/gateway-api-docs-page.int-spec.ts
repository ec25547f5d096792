import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/** The Swagger UI page at /api/docs: under a Content-Security-Policy, never framed. (That the UI works under it: test/e2e/api-docs-browser.e2e-spec.ts.) */
describe('gateway: the API reference page (SQLite)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp()));
  afterAll(() => gateway?.dispose());

  const get = (path: string) => fetch(`${gateway.url}${path}`);

  it('answers with a policy that runs scripts of the service only, and no page may frame it', async () => {
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy.split('; ')).toEqual(expect.arrayContaining(["default-src 'self'", "frame-ancestors 'none'", "base-uri 'none'"]));
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|script-src/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('runs no inline script: every script of the page is a file of the service', async () => {
    const html = await (await get('/api/docs')).text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes, content]) => ({ attributes: attributes.trim(), content }))).toEqual([
      { attributes: 'src="/api/docs/swagger-ui-bundle.js"', content: '' },
      { attributes: 'src="/api/docs/swagger-initializer.js"', content: '' },
    ]);
    const initializer = await get('/api/docs/swagger-initializer.js');
    expect(initializer.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(await initializer.text()).toContain("SwaggerUIBundle({ url: '/api/docs-json'");
  });
});
