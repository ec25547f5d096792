import { adminOf, ApiClient } from './support/api-client';
import { approverWorkspace, connectSandbox, createUser } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

describe('Idempotency-Key (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let account: number;
  const draft = (body: string) => ({ versions: [{ is_original: true, content: [{ body }] }], accounts: [account] });
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

  beforeAll(async () => {
    service = await startService();
    admin = adminOf(service);
    workspace = await approverWorkspace(admin, 'Idempotent');
    account = await connectSandbox(admin, workspace);
  }, 90_000);
  afterAll(() => service?.dispose());

  const postCount = async () => (await admin.get(`/api/${workspace}/posts?limit=100`)).body.meta.total as number;

  it('answers a repeated create with the first answer, marked replayed, and creates one post', async () => {
    const before = await postCount();
    const first = await admin.post(`/api/${workspace}/posts`, draft('once'), withKey('create-1'));
    const again = await admin.post(`/api/${workspace}/posts`, draft('once'), withKey('"create-1"'));

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await postCount()).toBe(before + 1);
  });

  it('refuses the key with another body: 422', async () => {
    await admin.post(`/api/${workspace}/posts`, draft('first body'), withKey('create-2'));
    const other = await admin.post(`/api/${workspace}/posts`, draft('second body'), withKey('create-2'));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'The idempotency key was already used with another request.' });
  });

  it('replays a refusal too (a 422 answer), without running the request again', async () => {
    const invalid = { versions: [] };
    const first = await admin.post(`/api/${workspace}/posts`, invalid, withKey('invalid-1'));
    const again = await admin.post(`/api/${workspace}/posts`, invalid, withKey('invalid-1'));
    expect(first.status).toBe(422);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('scopes a key to the user and the path', async () => {
    const member = await createUser(admin, 'idem@example.com');
    await admin.post(`/api/panel/workspaces/${workspace}/members`, { user_id: member.id, role: 'member', can_approve: true });
    const before = await postCount();
    await admin.post(`/api/${workspace}/posts`, draft('mine'), withKey('shared-key'));
    const theirs = await member.api.post(`/api/${workspace}/posts`, draft('mine'), withKey('shared-key'));
    const account2 = await admin.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name: 'Other' }, withKey('shared-key'));

    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(account2.status).toBe(201);
    expect(await postCount()).toBe(before + 2);
  });

  it('treats the same path in other letter case or with a trailing slash as the same scope', async () => {
    const before = await postCount();
    const first = await admin.post(`/api/${workspace}/posts`, draft('one scope'), withKey('case-1'));
    const upper = await admin.post(`/api/${workspace.toUpperCase()}/POSTS/`, draft('one scope'), withKey('case-1'));
    expect(first.status).toBe(201);
    expect(upper.status).toBe(201);
    expect(upper.headers.get('idempotent-replayed')).toBe('true');
    expect(upper.body).toEqual(first.body);
    expect(await postCount()).toBe(before + 1);
  });

  it('refuses a key that is empty or longer than 255 characters: 400', async () => {
    for (const key of ['""', 'k'.repeat(256)]) {
      const answer = await admin.post(`/api/${workspace}/posts`, draft('x'), withKey(key));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'The Idempotency-Key header must be a string of 1 to 255 characters.' });
    }
  });

  it('replays the answer that created a token, and the token works', async () => {
    const first = await admin.post('/api/panel/users/1/tokens', { name: 'ci' }, withKey('token-1'));
    const again = await admin.post('/api/panel/users/1/tokens', { name: 'ci' }, withKey('token-1'));
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await admin.get('/api/panel/workspaces', { token: again.body.token })).status).toBe(200);
  });
});
