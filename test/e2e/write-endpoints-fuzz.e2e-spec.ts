import { Answer, ApiClient, createdBody } from './support/api-client';
import { approverWorkspace, connectSandbox, createUser } from './support/fixtures';
import { fuzzSeed, SeededRandom, seededRandom, WEIRD_VALUES } from './support/fuzz-input';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

interface Operation {
  method: string;
  path: string;
  /** Top-level fields of the JSON body the OpenAPI document describes (none when it has no body). */
  fields: string[];
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];
const REQUESTS_PER_OPERATION = 40;
/** The largest JSON body the API reads (1 MiB); over it the service answers 413 without reading the rest. */
const BODY_LIMIT_BYTES = 1024 * 1024;
/** Text no database stores, shaped like what the fields expect (an email, a URL) so that it gets past their other rules. */
const INVALID_TEXTS = ['\u0000', 'Acme\u0000', '\ud800', 'ada\ud800@example.com', 'a\u0000@example.com', 'https://example.com/\u0000', 'sandbox\udfff'];
const WEIRD_IDS = ['0', '-1', '1.5', 'abc', '99999999999999999999', '%00', '%F0%9F', 'ffffffff-ffff-4fff-bfff-ffffffffffff', '..%2F..', 'x'.repeat(300)];

/**
 * The kinds of body each write endpoint gets: JSON of random shape (with its own field names, of
 * the wrong types), malformed JSON, `__proto__` keys, NUL and unpaired surrogates, huge arrays,
 * deep nesting, a string near the body limit.
 */
function randomBody(random: SeededRandom, fields: string[]): string {
  const keys = [...fields, 'extra', 'constructor'];
  const value = (depth: number): unknown => {
    const roll = random.next();
    if (depth > 3 || roll < 0.55) return random.pick(WEIRD_VALUES);
    if (roll < 0.75) return Array.from({ length: random.int(4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: random.int(4) }, () => [random.pick(keys), value(depth + 1)]));
  };
  const object = () => Object.fromEntries(keys.filter(() => random.next() < 0.6).map((key) => [key, value(1)]));
  const nested = (depth: number, inner: string) => '['.repeat(depth) + inner + ']'.repeat(depth);
  switch (random.int(11)) {
    case 0:
      return JSON.stringify(object()).slice(0, random.int(30));
    case 1:
      return `{"__proto__":{"isAdmin":true,"polluted":1},"${random.pick(keys)}":{"__proto__":[]},"constructor":{"prototype":{"x":1}}}`;
    case 2:
      return `{"${random.pick(keys)}":"a\\u0000b","${random.pick(keys)}":"\\ud800","${random.pick(keys)}":{"k\\u0000":"\\udfff"}}`;
    case 3:
      return JSON.stringify({ [random.pick(keys)]: Array.from({ length: 50_000 + random.int(50_000) }, () => random.pick([0, 'x', null, {}])) });
    case 4:
      return `{"${random.pick(keys)}":${nested(20 + random.int(30), random.pick(['1', '"\\u0000"', '{}']))}}`;
    case 5:
      return JSON.stringify({ [random.pick(keys)]: 'x'.repeat(900_000 + random.int(200_000)) });
    case 6:
      return JSON.stringify(random.pick([[], 'text', 42, null, true, [object()]]));
    case 7:
      return JSON.stringify(Object.fromEntries(fields.map((field) => [field, random.pick(INVALID_TEXTS)])));
    default:
      return JSON.stringify(object());
  }
}

describe('every write endpoint of the OpenAPI document with random and malformed bodies (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let operations: Operation[];
  const realIds: Record<string, string> = {};

  beforeAll(async () => {
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = await approverWorkspace(admin, 'Fuzz');
    const account = await connectSandbox(admin, workspace);
    const post = createdBody(await admin.post(`/api/${workspace}/posts`, { versions: [{ is_original: true, content: [{ body: 'Hi' }] }] }), 'creating a post');
    const webhook = createdBody(await admin.post(`/api/${workspace}/webhooks`, { url: 'http://127.0.0.1:9/hook' }), 'creating a webhook');
    const user = await createUser(admin, 'fuzz@example.com');
    Object.assign(realIds, { workspaceUuid: workspace, uuid: workspace, postUuid: post.uuid, provider: 'linkedin', deliveryId: '1', userId: String(user.id) });
    realIds.account = String(account);
    realIds.webhook = String(webhook.id);
    operations = operationsOf((await admin.get('/api/docs-json')).body);
  });
  afterAll(() => service?.dispose());

  /** Write operations and their body fields, from the document the service serves. */
  function operationsOf(document: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>; components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> } }): Operation[] {
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => WRITE_METHODS.includes(method))
        .map(([method, operation]) => {
          const ref = operation.requestBody?.content?.['application/json']?.schema?.$ref;
          const schema = ref ? document.components?.schemas?.[ref.split('/').pop()!] : undefined;
          return { method: method.toUpperCase(), path, fields: Object.keys(schema?.properties ?? {}) };
        }),
    );
  }

  /** Real ids where the fixture exists, so that the body is read; made-up ones now and then, and always for DELETE (the fixtures stay). */
  function pathOf(operation: Operation, random: SeededRandom): string {
    return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      if (operation.method === 'DELETE' || random.next() < 0.2) return random.pick(WEIRD_IDS);
      if (name !== 'id') return realIds[name] ?? random.pick(WEIRD_IDS);
      if (operation.path.includes('/accounts/')) return realIds.account;
      if (operation.path.includes('/webhooks/')) return realIds.webhook;
      return realIds.userId;
    });
  }

  /**
   * The answer, or 'cut off' for a body over the limit whose connection the service closed while
   * the body was still being sent: it answers 413 before reading such a body, with
   * `Connection: close`, and the client may still be writing it when the socket goes.
   */
  async function callOrCutOff(method: string, path: string, body: string, headers: Record<string, string>): Promise<Answer | 'cut off'> {
    try {
      return await admin.call(method, path, { rawBody: body, headers });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (Buffer.byteLength(body) > BODY_LIMIT_BYTES && (code === 'EPIPE' || code === 'ECONNRESET')) return 'cut off';
      throw error;
    }
  }

  it('covers the write endpoints the document lists', () => {
    const listed = operations.map(({ method, path }) => `${method} ${path}`);
    expect(listed).toEqual(expect.arrayContaining(['POST /api/{workspaceUuid}/posts', 'PUT /api/{workspaceUuid}/posts/{postUuid}', 'POST /api/panel/users', 'POST /api/panel/workspaces']));
    expect(operations.length).toBeGreaterThan(15);
  });

  it('never answers 5xx, and every error has a message', async () => {
    const seed = fuzzSeed();
    const random = seededRandom(seed);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const operation of operations) {
      for (let i = 0; i < REQUESTS_PER_OPERATION; i++) {
        const path = pathOf(operation, random);
        const body = randomBody(random, operation.fields);
        const headers: Record<string, string> = { 'content-type': random.pick(['application/json', 'text/plain', 'application/json; charset=latin1']) };
        if (random.next() < 0.2) headers['idempotency-key'] = random.pick(['k', 'x'.repeat(300), '"quoted"', '']);
        const answer = await callOrCutOff(operation.method, path, body, headers);
        if (answer === 'cut off') {
          statuses.set(413, (statuses.get(413) ?? 0) + 1);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const wellFormed = answer.status < 400 || typeof answer.body?.message === 'string';
        if (answer.status >= 500 || !wellFormed) failures.push(`${answer.status} ${operation.method} ${path} ${body.slice(0, 200)}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      }
    }
    if (failures.length > 0) console.error(`write endpoints fuzz: ${failures.length} failures; replay with FUZZ_SEED=${seed}\n${failures.slice(0, 20).join('\n')}`);
    expect({ seed, failures: failures.slice(0, 20) }).toEqual({ seed, failures: [] });
    // The bodies reach the rules of the endpoints, not only the JSON reader.
    expect(statuses.get(422) ?? 0).toBeGreaterThan(operations.length);
    if (process.env.FUZZ_VERBOSE) console.log(seed, operations.length, Object.fromEntries(statuses));
  });
});
