import { PostBodyFields } from '@app/domain';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/* The conventions of the document, checked here; its validity as OpenAPI is swagger-parser's (test/e2e/openapi-document.e2e-spec.ts). */

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- an OpenAPI document, walked field by field
interface Operation {
  method: string;
  path: string;
  spec: Json;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const POST_FIELDS = ['uuid', 'status', 'versions', 'accounts', 'tags', 'recycle', 'recycled_from', 'scheduled_at', 'published_at', 'created_at', 'updated_at', 'revision', 'actions'];
const POST_ACCOUNT_FIELDS = ['id', 'provider', 'name', 'username', 'external_url', 'errors', 'status', 'published_at', 'items'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe('gateway: the OpenAPI document (SQLite)', () => {
  let gateway: GatewayTestApp;
  let doc: Json;
  let operations: Operation[];
  let apiOperations: Operation[];

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    const answer = await gateway.call('GET', '/api/docs-json', { token: null });
    expect(answer.status).toBe(200);
    doc = answer.body;
    operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path, spec: item[method] })),
    );
    apiOperations = operations.filter((operation) => operation.path.startsWith('/api/'));
  });
  afterAll(() => gateway?.dispose());

  const resolve = (schema: Json): Json => {
    if (!schema?.$ref) return schema;
    const name = String(schema.$ref).replace('#/components/schemas/', '');
    expect(doc.components.schemas).toHaveProperty([name]);
    return doc.components.schemas[name];
  };
  const schemaOf = (response: Json): Json => response?.content?.['application/json']?.schema;
  /** The schema of a success: JSON, or the binary of a media file. */
  const successSchemaOf = (response: Json): Json => schemaOf(response) ?? response?.content?.['image/png']?.schema;
  const label = ({ method, path }: Operation) => `${method.toUpperCase()} ${path}`;

  it('is an OpenAPI 3.0 document with a title, version, description, bearer scheme and tags', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(doc.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String), description: expect.any(String) }));
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(apiOperations.length).toBeGreaterThanOrEqual(30);
    const declaredTags = (doc.tags as Json[]).map((tag) => tag.name);
    for (const operation of operations) {
      expect({ operation: label(operation), tags: operation.spec.tags }).toEqual({ operation: label(operation), tags: [expect.any(String)] });
      expect(declaredTags).toContain(operation.spec.tags[0]);
    }
  });

  it('is well-formed: unique operation ids, complete parameters and responses, every $ref resolves', () => {
    const ids = operations.map((operation) => operation.spec.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      for (const parameter of operation.spec.parameters ?? []) {
        expect(['path', 'query', 'header', 'cookie']).toContain(parameter.in);
        expect(parameter).toEqual(expect.objectContaining({ name: expect.any(String), schema: expect.any(Object) }));
        if (parameter.in === 'path') expect(operation.path).toContain(`{${parameter.name}}`);
      }
      for (const [status, response] of Object.entries(operation.spec.responses as Record<string, Json>)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(typeof response.description).toBe('string');
      }
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) resolve({ $ref: ref.slice('"$ref":"'.length, -1) });
  });

  it('declares every {parameter} of every path as a required path parameter, uuids with format uuid', () => {
    for (const operation of operations) {
      const declared = (operation.spec.parameters ?? []).filter((parameter: Json) => parameter.in === 'path');
      for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) {
        const parameter = declared.find((candidate: Json) => candidate.name === name);
        expect({ operation: label(operation), name, required: parameter?.required }).toEqual({ operation: label(operation), name, required: true });
        if (/uuid$/i.test(name)) expect(parameter.schema).toEqual({ type: 'string', format: 'uuid' });
        // Ids are numbers, but for media, which are uuids.
        if (name === 'id') expect(parameter.schema.type === 'integer' || (parameter.schema.type === 'string' && parameter.schema.format === 'uuid')).toBe(true);
      }
    }
  });

  it('documents the token management routes: listings without the token, revocation as 204', () => {
    const summary = resolve(resolve(schemaOf(doc.paths['/api/panel/users/{id}/tokens'].get.responses['200'])).properties.data.items);
    expect(Object.keys(summary.properties).sort()).toEqual(['created_at', 'expires_at', 'id', 'last_used_at', 'name']);
    expect(resolve(schemaOf(doc.paths['/api/me/tokens'].get.responses['200'])).properties.data.items).toEqual(expect.objectContaining({ $ref: '#/components/schemas/TokenSummary' }));
    expect(Object.keys(doc.paths['/api/panel/tokens/{id}'].delete.responses)).toEqual(expect.arrayContaining(['204', '401', '403', '404', '429']));
    expect(Object.keys(doc.paths['/api/me/tokens/{id}'].delete.responses)).toEqual(expect.arrayContaining(['204', '401', '404', '429']));
    expect(Object.keys(doc.paths['/api/me/tokens'].post.responses)).toEqual(expect.arrayContaining(['201', '401', '422', '429']));
  });

  /** The routes of preview links, for reviewers without a token. */
  const outside = (operation: Operation) => operation.path.startsWith('/api/preview/');

  it('gives the routes of preview links no security scheme, a 404 for a dead link and a 429 per address', () => {
    const previewOperations = apiOperations.filter(outside);
    expect(previewOperations.map(label).sort()).toEqual(['GET /api/preview/{token}', 'GET /api/preview/{token}/platforms', 'POST /api/preview/{token}/approve', 'POST /api/preview/{token}/notes']);
    expect(doc.security).toBeUndefined();
    for (const operation of previewOperations) {
      expect({ operation: label(operation), security: operation.spec.security, tags: operation.spec.tags }).toEqual({ operation: label(operation), security: undefined, tags: ['preview'] });
      expect({ operation: label(operation), statuses: Object.keys(operation.spec.responses) }).toEqual({ operation: label(operation), statuses: expect.arrayContaining(['404', '429']) });
      expect({ operation: label(operation), has401: '401' in operation.spec.responses }).toEqual({ operation: label(operation), has401: false });
    }
  });

  it('gives every /api operation a success response (with a schema unless 204/202), 401, 429 and the bearer scheme', () => {
    // An import answers its dry run with 200 and the posts it created with 201 (the contract's two answers).
    const twoSuccesses = new Set(['POST /api/{workspaceUuid}/posts/import']);
    for (const operation of apiOperations.filter((candidate) => !outside(candidate))) {
      const { responses, security } = operation.spec;
      const successes = Object.keys(responses).filter((status) => status.startsWith('2'));
      const expected = twoSuccesses.has(label(operation)) ? 2 : 1;
      expect({ operation: label(operation), successes: successes.length }).toEqual({ operation: label(operation), successes: expected });
      for (const success of successes.filter((status) => !['202', '204'].includes(status))) {
        expect({ operation: label(operation), schema: successSchemaOf(responses[success]) }).toEqual({ operation: label(operation), schema: expect.anything() });
      }
      if (successes[0] === '204') expect(responses['204'].content).toBeUndefined();
      expect(security).toEqual([{ bearer: [] }]);
      for (const status of ['401', '429']) expect({ operation: label(operation), status, has: status in responses }).toEqual({ operation: label(operation), status, has: true });
    }
  });

  it('errors carry the contract bodies: 403 on the panel and on workspace routes, 404 on workspace routes', () => {
    for (const operation of apiOperations) {
      const { responses } = operation.spec;
      const panel = operation.path.startsWith('/api/panel/');
      // The caller's own resources: any signed-in user, no workspace.
      // Any valid token's routes (about the caller, or the platforms) answer no 403 and no 404; a preview link's have their own.
      const own = operation.path === '/api/me' || operation.path.startsWith('/api/me/') || operation.path === '/api/platforms' || outside(operation);
      const expected = own ? [] : ['403', ...(panel ? [] : ['404'])];
      for (const status of expected) expect({ operation: label(operation), status, has: status in responses }).toEqual({ operation: label(operation), status, has: true });
      for (const [status, response] of Object.entries(responses as Record<string, Json>)) {
        if (!/^[45]/.test(status)) continue;
        const name = status === '422' ? 'ValidationError' : 'Error';
        expect({ operation: label(operation), status, schema: schemaOf(response) }).toEqual({ operation: label(operation), status, schema: { $ref: `#/components/schemas/${name}` } });
      }
    }
    expect(doc.components.schemas.ValidationError.properties.errors).toEqual(
      expect.objectContaining({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }),
    );
    const post = doc.paths['/api/{workspaceUuid}/posts'].post.responses;
    expect(Object.keys(post)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '422', '429', '503']));
  });

  it('gives the 403 of a workspace route the examples of both refusals: a viewer who writes, a panel admin who is not a member', () => {
    const notAMember = 'You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members.';
    const messagesOf = (response: Json) => Object.values(response.content['application/json'].examples).map((example: Json) => example.value.message);
    expect(messagesOf(doc.paths['/api/{workspaceUuid}/posts'].get.responses['403'])).toEqual([notAMember]);
    expect(messagesOf(doc.paths['/api/{workspaceUuid}/posts'].post.responses['403'])).toEqual(['This action is unauthorized.', notAMember]);
    expect(messagesOf(doc.paths['/api/panel/users'].get.responses['403'])).toEqual(['This action is unauthorized.']);
  });

  it('describes the post body with the fields the API recognizes, and the creation of a workspace with its creator\'s membership', () => {
    const body = resolve(doc.paths['/api/{workspaceUuid}/posts'].post.requestBody.content['application/json'].schema);
    expect(Object.keys(body.properties).sort()).toEqual([...PostBodyFields.post].sort());
    expect(Object.keys(resolve(body.properties.versions.items).properties).sort()).toEqual([...PostBodyFields.version].sort());
    expect(Object.keys(resolve(body.properties.recycle.allOf?.[0] ?? body.properties.recycle).properties).sort()).toEqual([...PostBodyFields.recycle].sort());
    const created = resolve(schemaOf(doc.paths['/api/panel/workspaces'].post.responses['201']));
    const membership = created.properties.membership.allOf?.[0] ?? created.properties.membership;
    expect(Object.keys(resolve(membership).properties).sort()).toEqual(['can_approve', 'role', 'workspace_uuid']);
  });

  it('describes the Post resource, the post page and its query', () => {
    const post = doc.components.schemas.Post;
    expect(Object.keys(post.properties).sort()).toEqual([...POST_FIELDS].sort());
    expect([...post.required].sort()).toEqual([...POST_FIELDS].sort());
    const actions = resolve(post.properties.actions.allOf?.[0] ?? post.properties.actions);
    expect(Object.fromEntries(Object.entries(actions.properties).map(([name, schema]) => [name, (schema as { type: string }).type]))).toEqual({
      edit: 'boolean',
      delete: 'boolean',
      approve: 'boolean',
      retry: 'boolean',
      move: 'boolean',
    });
    expect(resolve(post.properties.status.allOf?.[0] ?? post.properties.status).enum).toEqual([
      'draft',
      'needs_approval',
      'scheduled',
      'publishing',
      'published',
      'failed',
    ]);
    for (const field of ['scheduled_at', 'published_at']) expect(post.properties[field]).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    expect(post.properties.created_at.nullable).toBeUndefined();
    const account = resolve(post.properties.accounts.items);
    expect(Object.keys(account.properties).sort()).toEqual([...POST_ACCOUNT_FIELDS].sort());
    for (const field of ['username', 'external_url', 'published_at']) expect(account.properties[field].nullable).toBe(true);
    expect(resolve(account.properties.status.allOf[0]).enum).toEqual(['pending', 'published', 'failed']);
    expect(account.properties.errors).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(account.properties.items).toMatchObject({ type: 'array', items: { nullable: true } });
    expect(Object.keys(resolve(account.properties.items.items.oneOf[0]).properties).sort()).toEqual(['external_id', 'external_url']);
    expect(Object.keys(resolve(post.properties.versions.items).properties).sort()).toEqual(['account_id', 'content', 'is_original', 'options']);

    const list = doc.paths['/api/{workspaceUuid}/posts'].get;
    const page = resolve(schemaOf(list.responses['200']));
    expect(resolve(page.properties.data.items)).toBe(post);
    expect(Object.keys(resolve(page.properties.meta).properties).sort()).toEqual(['limit', 'page', 'total']);
    const query = Object.fromEntries(list.parameters.filter((parameter: Json) => parameter.in === 'query').map((parameter: Json) => [parameter.name, parameter]));
    expect(Object.keys(query).sort()).toEqual(['limit', 'page', 'status']);
    expect(query.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });

  it('what the gateway answers matches the schemas the document gives for it', async () => {
    const conforms = (value: unknown, schema: Json, at: string): void => {
      const resolved = resolve(schema);
      if (value === null) return expect({ at, nullable: resolved.nullable }).toEqual({ at, nullable: true });
      if (resolved.allOf) return conforms(value, resolved.allOf[0], at);
      if (resolved.enum) expect({ at, value, allowed: resolved.enum.includes(value) }).toEqual({ at, value, allowed: true });
      const checks: Record<string, (v: unknown) => boolean> = {
        string: (v) => typeof v === 'string' && (resolved.format !== 'uuid' || UUID.test(v)) && (resolved.format !== 'date-time' || !Number.isNaN(Date.parse(v))),
        integer: (v) => Number.isInteger(v),
        number: (v) => typeof v === 'number',
        boolean: (v) => typeof v === 'boolean',
        array: (v) => Array.isArray(v),
        object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
      };
      if (resolved.type) expect({ at, value, type: resolved.type, ok: checks[resolved.type](value) }).toEqual({ at, value, type: resolved.type, ok: true });
      if (resolved.type === 'array') (value as unknown[]).forEach((item, index) => conforms(item, resolved.items, `${at}[${index}]`));
      if (resolved.type === 'object' && resolved.properties) {
        const fields = value as Record<string, unknown>;
        expect({ at, fields: Object.keys(fields).sort() }).toEqual({ at, fields: Object.keys(resolved.properties).sort() });
        for (const [key, property] of Object.entries(resolved.properties)) conforms(fields[key], property, `${at}.${key}`);
      }
    };
    const answered = async (method: string, path: string, status: string, body?: unknown, token?: string | null) => {
      const answer = await gateway.call(method, path, { body, token });
      expect({ method, path, status: String(answer.status) }).toEqual({ method, path, status });
      const template = Object.keys(doc.paths).find((candidate) => new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0]))!;
      conforms(answer.body, schemaOf(doc.paths[template][method.toLowerCase()].responses[status]), `${method} ${path} ${status}`);
      return answer.body;
    };

    const workspace = await answered('POST', '/api/panel/workspaces', '201', { name: 'Docs' });
    await answered('GET', '/api/panel/workspaces', '200');
    const user = await answered('POST', '/api/panel/users', '201', { name: 'Grace', email: 'grace@example.com' });
    await answered('GET', '/api/panel/users', '200');
    const token = await answered('POST', `/api/panel/users/${user.id}/tokens`, '201', { name: 'ci' });
    await answered('GET', `/api/panel/users/${user.id}/tokens`, '200');
    await answered('GET', '/api/me/tokens', '200', undefined, token.token);
    const own = await answered('POST', '/api/me/tokens', '201', { name: 'laptop' }, token.token);
    expect((await gateway.call('DELETE', `/api/me/tokens/${own.id}`, { token: token.token })).status).toBe(204);
    expect((await gateway.call('DELETE', `/api/panel/tokens/${token.id}`)).status).toBe(204);
    await answered('DELETE', `/api/panel/tokens/${token.id}`, '404');
    await answered('GET', `/api/${workspace.uuid}/membership`, '200');
    await answered('POST', `/api/panel/workspaces/${workspace.uuid}/members`, '201', { user_id: user.id, role: 'viewer' });
    const account = await answered('POST', `/api/${workspace.uuid}/accounts`, '201', { provider: 'sandbox', name: 'Sandbox' });
    await answered('GET', `/api/${workspace.uuid}/accounts`, '200');
    const post = await answered('POST', `/api/${workspace.uuid}/posts`, '201', {
      versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} }],
      accounts: [account.id],
      tags: ['docs'],
    });
    await answered('GET', `/api/${workspace.uuid}/posts/${post.uuid}`, '200');
    await answered('GET', `/api/${workspace.uuid}/posts?status=draft&page=1&limit=5`, '200');
    await answered('GET', `/api/${workspace.uuid}/posts?limit=0`, '422');
    await answered('GET', `/api/${workspace.uuid}/posts/${post.uuid}`, '401', undefined, null);
    await answered('GET', '/api/00000000-0000-4000-8000-000000000000/posts', '404');
    await answered('GET', `/api/${workspace.uuid}/queue`, '200');
    await answered('PUT', `/api/${workspace.uuid}/queue`, '200', { timezone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:00' }] });
    await answered('PUT', `/api/${workspace.uuid}/queue`, '422', { slots: [{ day: 'someday' }] });
  });

  it('documents the queue: read by members, set by admins, with its schema', () => {
    const { get, put } = doc.paths['/api/{workspaceUuid}/queue'];
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422', '429']));
    const queue = resolve(schemaOf(get.responses['200']));
    expect(Object.keys(queue.properties).sort()).toEqual(['slots', 'timezone']);
    expect(queue.properties.slots.maxItems).toBe(100);
    expect(resolve(queue.properties.slots.items).properties.day.enum).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(resolve(put.requestBody.content['application/json'].schema)).toBe(queue);
    expect(resolve(doc.paths['/api/{workspaceUuid}/posts'].post.requestBody.content['application/json'].schema).properties.queue).toMatchObject({ type: 'boolean' });
  });

  it('keeps the health endpoints outside /api, tagged health', () => {
    const health = operations.filter((operation) => !operation.path.startsWith('/api'));
    expect(health.map(label).sort()).toEqual(['GET /health/live', 'GET /health/ready']);
    for (const operation of health) expect(operation.spec.tags).toEqual(['health']);
  });
});
