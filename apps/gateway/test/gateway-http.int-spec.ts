import { request as httpRequest } from 'node:http';
import { BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request as a client can really send it (no Content-Type, a malformed one, a chunked body), which fetch would tidy up. */
function rawRequest(url: string, method: string, headers: Record<string, string>, chunks: string[] = []): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    // The server may answer and close before it read everything: the answer is what counts.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

describe('gateway: HTTP details of the contract (SQLite)', () => {
  let gateway: GatewayTestApp;
  const admin = { authorization: `Bearer ${BOOTSTRAP_ADMIN_TOKEN}` };

  beforeAll(async () => (gateway = await startGatewayTestApp()));
  afterAll(() => gateway?.dispose());

  it.each([
    ['no Content-Type', {}],
    ['a malformed Content-Type', { 'content-type': 'not a media type' }],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['JSON with a charset', { 'content-type': 'application/json; charset=utf-8' }],
  ])('reads a JSON body whatever the Content-Type says (%s)', async (_, type: Record<string, string>) => {
    const answer = await rawRequest(`${gateway.url}/api/panel/workspaces`, 'POST', { ...admin, ...type }, ['{"name":"Typed"}']);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toMatchObject({ name: 'Typed' });
  });

  it.each([
    ['no body', []],
    ['an empty chunked body', ['']],
    ['a blank body', ['  \n']],
  ])('%s carries no fields: 422 names the required ones', async (_, chunks: string[]) => {
    const headers: Record<string, string> = { ...admin, 'content-type': 'application/json' };
    if (chunks.length === 0) headers['content-length'] = '0';
    const answer = await rawRequest(`${gateway.url}/api/panel/workspaces`, 'POST', headers, chunks);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toEqual({ message: 'Validation errors.', errors: { name: ['The name field is required.'] } });
  });

  it('413 for a chunked body over 1 MB (no Content-Length to refuse it early), and the connection is closed', async () => {
    const chunks = ['{"name":"', ...Array.from({ length: 11 }, () => 'x'.repeat(100_000)), '"}'];
    const answer = await rawRequest(`${gateway.url}/api/panel/workspaces`, 'POST', { ...admin, 'content-type': 'application/json' }, chunks);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.text)).toEqual({ message: 'The request body is too large.' });
    expect((await gateway.call('GET', '/api/panel/workspaces')).status).toBe(200);
  });

  it('a body of exactly 1 MB is read', async () => {
    const name = 'x'.repeat(1024 * 1024 - '{"name":""}'.length);
    const answer = await gateway.call('POST', '/api/panel/workspaces', { rawBody: `{"name":"${name}"}`, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(422); // read, then refused by the field's own limit
    expect(answer.body.errors).toHaveProperty('name');
  });

  it('a trailing slash or another letter case names the same route; parameters keep their case', async () => {
    expect((await gateway.call('GET', '/api/panel/workspaces/')).status).toBe(200);
    expect((await gateway.call('GET', '/API/Panel/Workspaces')).status).toBe(200);
    const workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Cased' } })).body.uuid as string;
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: 1, role: 'admin', can_approve: true } });
    expect(await gateway.call('GET', `/api/${workspace.toUpperCase()}/Accounts`)).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('a path that is not valid percent-encoding is a 400 with a message only', async () => {
    const answer = await gateway.call('GET', '/api/panel/users/%ZZ');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it('a long path segment reaches its route, which names what is missing', async () => {
    const answer = await gateway.call('GET', `/api/${'a'.repeat(500)}/accounts`);
    expect(answer).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
  });

  it('a method a path does not have is a JSON 404 like an unknown route', async () => {
    const answer = await gateway.call('PATCH', '/api/panel/workspaces', { body: {} });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it('serves the Swagger UI page and the assets it loads', async () => {
    const page = await fetch(`${gateway.url}/api/docs`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]);
    // The script that starts the UI on the document is a file too (gateway-api-docs-page.int-spec.ts).
    expect(assets).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-initializer.js']);
    for (const asset of assets) {
      const answer = await fetch(`${gateway.url}${asset}`);
      expect({ asset, status: answer.status, size: (await answer.arrayBuffer()).byteLength > 100 }).toEqual({ asset, status: 200, size: true });
    }
  });
});
