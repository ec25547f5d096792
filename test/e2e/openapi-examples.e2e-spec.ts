import { pngImage } from '@app/media-store/testing';
import { ApiClient, createdBody } from './support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  summary?: string;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
type Paths = Record<string, Record<string, Operation>>;

/** Every operation of the document the service serves, as `[method, path, operation]`. */
const operationsOf = (paths: Paths): Array<[string, string, Operation]> =>
  Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]): [string, string, Operation] => [method.toUpperCase(), path, operation]));

const examplesOf = (media: MediaType | undefined): unknown[] => [...(media?.example === undefined ? [] : [media.example]), ...Object.values(media?.examples ?? {}).map((example) => example.value)];

/** The OpenAPI document of the started service (/api/docs-json): its summaries, and its examples sent as they are. */
describe('the OpenAPI document\'s examples (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let paths: Paths;
  /** What each path parameter names in this service, per operation. */
  let valueOf: (name: string, method: string, path: string) => string;

  beforeAll(async () => {
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', OAUTH_X_CLIENT_ID: 'documented-app', OAUTH_X_CLIENT_SECRET: 'documented-secret' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    paths = (await admin.get('/api/docs-json')).body.paths;

    // The examples name account 1 and user 2: the first account and the first user after the admin.
    const workspace = await approverWorkspace(admin, 'Documented');
    expect(await connectSandbox(admin, workspace)).toBe(1);
    const member = await createUser(admin, 'member@example.com');
    expect(member.id).toBe(2);
    await addMember(admin, workspace, member.id, 'member');
    const otherWorkspace = createdBody(await admin.post('/api/panel/workspaces', { name: 'Without user 2' }), 'workspace').uuid as string;
    const draft = createdBody(await admin.post(`/api/${workspace}/posts`, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Draft' }] }], accounts: [1] }), 'draft').uuid as string;
    const hook = { url: 'http://127.0.0.1:9/hook', events: ['post.published'] };
    const workspaceWebhook = createdBody(await admin.post(`/api/${workspace}/webhooks`, hook), 'workspace webhook').id as number;
    const systemWebhook = createdBody(await admin.post('/api/panel/webhooks', hook), 'system webhook').id as number;
    // A post awaiting approval (a member without can_approve scheduled it), and an approver's link to it.
    const awaiting = createdBody(
      await member.api.post(`/api/${workspace}/posts`, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Review me' }] }], accounts: [1], scheduled_at: '2099-01-01T09:00:00Z', schedule: true }),
      'post awaiting approval',
    );
    expect(awaiting.status).toBe('needs_approval');
    const link = createdBody(await admin.post(`/api/${workspace}/posts/${awaiting.uuid}/preview-links`, { can_approve: true }), 'preview link').url as string;

    valueOf = (name, method, path) => {
      if (name === 'workspaceUuid') return workspace;
      if (name === 'uuid') return method === 'POST' && path.endsWith('/members') ? otherWorkspace : workspace;
      if (name === 'userId') return String(member.id);
      if (name === 'postUuid') return draft;
      if (name === 'provider') return 'x';
      if (name === 'token') return link.slice(link.lastIndexOf('/') + 1);
      if (name === 'id' && path.startsWith('/api/panel/users/')) return String(member.id);
      if (name === 'id' && path.startsWith('/api/panel/webhooks/')) return String(systemWebhook);
      if (name === 'id' && path.startsWith('/api/{workspaceUuid}/webhooks/')) return String(workspaceWebhook);
      if (name === 'id' && path.startsWith('/api/{workspaceUuid}/accounts/')) return '1';
      throw new Error(`no value for {${name}} of ${method} ${path}`);
    };
  });
  afterAll(() => service?.dispose());

  it('every operation has a summary', () => {
    expect(operationsOf(paths).filter(([, , operation]) => !operation.summary).map(([method, path]) => `${method} ${path}`)).toEqual([]);
  });

  it('every JSON request body has one example, and the service accepts each as it is (2xx)', async () => {
    const refused: string[] = [];
    const withBody = operationsOf(paths).filter(([, , operation]) => operation.requestBody?.content['application/json']);
    expect(withBody.length).toBeGreaterThan(20);
    for (const [method, path, operation] of withBody) {
      const examples = examplesOf(operation.requestBody!.content['application/json']);
      if (examples.length !== 1) {
        refused.push(`${method} ${path}: ${examples.length} examples`);
        continue;
      }
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => valueOf(name, method, path));
      const answer = await admin.call(method, url, { body: examples[0] });
      if (answer.status < 200 || answer.status > 299) refused.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    expect(refused).toEqual([]);
  });

  it('the multipart upload has one example, whose binary part, sent as a PNG, the service accepts', async () => {
    const upload = paths['/api/{workspaceUuid}/media'].post.requestBody!.content['multipart/form-data'];
    const examples = examplesOf(upload) as Array<Record<string, string>>;
    expect(examples).toHaveLength(1);
    const form = new FormData();
    for (const name of Object.keys(examples[0])) form.append(name, new Blob([new Uint8Array(pngImage(4, 4))], { type: 'image/png' }), 'example.png');
    const url = `${service.baseUrl}/api/${valueOf('workspaceUuid', 'POST', '/api/{workspaceUuid}/media')}/media`;
    const answer = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${service.adminToken}` }, body: form });
    expect(answer.status).toBe(201);
  });

  it('the create-post example sets one way of scheduling, not date, time, scheduled_at, schedule and schedule_now at once', () => {
    const [example] = examplesOf(paths['/api/{workspaceUuid}/posts'].post.requestBody!.content['application/json']) as Array<Record<string, unknown>>;
    const ways = ['date', 'time', 'timezone', 'scheduled_at', 'schedule', 'schedule_now', 'queue'].filter((field) => field in example);
    expect(ways).toEqual(['schedule_now']);
  });

  it('error responses carry examples of their own status: 401, 403, 404 of the resource, 422, 429', () => {
    const messagesOf = (path: string, method: string, status: string) =>
      examplesOf(paths[path][method].responses[status].content?.['application/json']).map((body) => (body as { message: string }).message);
    expect(messagesOf('/api/{workspaceUuid}/posts/{postUuid}', 'get', '401')).toEqual(['Unauthenticated.']);
    const notAMember = 'You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members.';
    expect(messagesOf('/api/{workspaceUuid}/posts/{postUuid}', 'delete', '403')).toEqual(['This action is unauthorized.', notAMember]);
    expect(messagesOf('/api/{workspaceUuid}/posts/{postUuid}', 'get', '403')).toEqual([notAMember]);
    expect(messagesOf('/api/{workspaceUuid}/posts/{postUuid}', 'get', '404')).toEqual(['Post not found.', 'Workspace not found.']);
    expect(messagesOf('/api/{workspaceUuid}/webhooks/{id}', 'get', '404')[0]).toBe('Webhook not found.');
    expect(messagesOf('/api/{workspaceUuid}/media/{id}', 'delete', '404')[0]).toBe('Media not found.');
    expect(messagesOf('/api/{workspaceUuid}/posts', 'get', '429')).toEqual(['Too Many Attempts.']);
    const [invalid] = examplesOf(paths['/api/{workspaceUuid}/posts'].post.responses['422'].content?.['application/json']);
    expect(invalid).toEqual({ message: 'Validation errors.', errors: { versions: ['The versions field is required.'] } });

    const everyError = operationsOf(paths).flatMap(([method, path, operation]) =>
      Object.entries(operation.responses)
        .filter(([status, response]) => Number(status) >= 400 && response.content?.['application/json'] && !path.startsWith('/health/'))
        .map(([status, response]) => ({ at: `${method} ${path} ${status}`, messages: examplesOf(response.content!['application/json']).map((body) => (body as { message: string }).message) })),
    );
    expect(everyError.filter(({ messages }) => messages.length === 0).map(({ at }) => at)).toEqual([]);
    expect(everyError.filter(({ at, messages }) => at.endsWith(' 404') && messages.includes('Post not found.') && !at.includes('{postUuid}')).map(({ at }) => at)).toEqual([]);
  });
});
