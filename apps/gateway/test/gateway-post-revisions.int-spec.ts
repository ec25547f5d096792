import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { inAnHour, original } from './sample-posts';

jest.setTimeout(30_000);

const CHANGED = { message: 'The post was changed since you read it. Reload it and try again.' };
const MALFORMED = { message: 'The If-Match header must be "*" or a list of entity tags, such as "3".' };

/** A post's `ETag` (its revision) and the `If-Match` of PUT, DELETE and approve, over the real post-service. */
describe('gateway: post revisions, ETag and If-Match (SQLite, over the post-service)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let accountId: number;
  let writer: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Acme' } })).body.uuid;
    accountId = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Acme', username: 'acme' } })).body.id;
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'W', email: 'w@example.com' } })).body;
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.id, role: 'member' } });
    writer = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token;
  });
  afterAll(() => gateway?.dispose());

  const path = (suffix = '') => `/api/${workspace}/posts${suffix}`;
  const ifMatch = (value: string) => ({ 'if-match': value });
  const text = (body: string) => ({ versions: [{ ...original, content: [{ body, media: [] }] }], accounts: [accountId], schedule: true, scheduled_at: inAnHour() });
  /** A post awaiting approval, written by the member. */
  const awaitingApproval = async (body = 'Draft of the launch') => (await gateway.call('POST', path(), { token: writer, body: text(body) })).body;

  it('answers the post\'s revision as its ETag and in its body: GET, create, update, approve, and a replayed approval', async () => {
    const created = await gateway.call('POST', path(), { token: writer, body: text('First words') });
    expect({ status: created.status, etag: created.headers.get('etag'), revision: created.body.revision }).toEqual({ status: 201, etag: '"1"', revision: 1 });
    const read = await gateway.call('GET', path(`/${created.body.uuid}`));
    // The same post; only its actions differ, being each caller's (the admin may approve it, its writer may not).
    expect({ etag: read.headers.get('etag'), body: read.body }).toEqual({ etag: '"1"', body: { ...created.body, actions: { ...created.body.actions, approve: true } } });
    const updated = await gateway.call('PUT', path(`/${created.body.uuid}`), { token: writer, headers: ifMatch('"1"'), body: text('Second words') });
    expect({ status: updated.status, etag: updated.headers.get('etag'), revision: updated.body.revision }).toEqual({ status: 200, etag: '"3"', revision: 3 });
    const approval = { headers: { ...ifMatch('"3"'), 'idempotency-key': 'approve-once' } };
    const approved = await gateway.call('POST', path(`/${created.body.uuid}/approve`), approval);
    expect({ status: approved.status, etag: approved.headers.get('etag'), body: approved.body }).toMatchObject({ status: 200, etag: '"5"', body: { status: 'scheduled', revision: 5 } });
    const replayed = await gateway.call('POST', path(`/${created.body.uuid}/approve`), approval);
    expect({ replayed: replayed.headers.get('idempotent-replayed'), etag: replayed.headers.get('etag') }).toEqual({ replayed: 'true', etag: '"5"' });
    expect((await gateway.call('GET', path())).body.data.find((post: { uuid: string }) => post.uuid === created.body.uuid)).toMatchObject({ revision: 5 });
  });

  it('refuses the approval of a post changed since the approver read it: 412, and the changed text is not scheduled', async () => {
    const post = await awaitingApproval();
    const seen = (await gateway.call('GET', path(`/${post.uuid}`))).headers.get('etag')!;
    await gateway.call('PUT', path(`/${post.uuid}`), { token: writer, body: text('Something the approver never read') });

    expect(await gateway.call('POST', path(`/${post.uuid}/approve`), { headers: ifMatch(seen) })).toMatchObject({ status: 412, body: CHANGED });
    expect((await gateway.call('GET', path(`/${post.uuid}`))).body.status).toBe('needs_approval');
    const current = (await gateway.call('GET', path(`/${post.uuid}`))).headers.get('etag')!;
    expect(await gateway.call('POST', path(`/${post.uuid}/approve`), { headers: ifMatch(current) })).toMatchObject({ status: 200, body: { status: 'scheduled' } });
  });

  it('refuses a stale save and a stale delete: a newer edit is not overwritten', async () => {
    const post = await awaitingApproval('Kept');
    const stale = `"${post.revision}"`;
    await gateway.call('PUT', path(`/${post.uuid}`), { token: writer, body: text('Newer edit') });
    expect(await gateway.call('PUT', path(`/${post.uuid}`), { token: writer, headers: ifMatch(stale), body: text('Stale tab') })).toMatchObject({ status: 412, body: CHANGED });
    expect(await gateway.call('DELETE', path(`/${post.uuid}`), { headers: ifMatch(stale) })).toMatchObject({ status: 412, body: CHANGED });
    expect((await gateway.call('GET', path(`/${post.uuid}`))).body.versions[0].content[0].body).toBe('Newer edit');
  });

  it('lets exactly one of two writes that read the same revision through', async () => {
    const post = await awaitingApproval();
    const seen = ifMatch(`"${post.revision}"`);
    const answers = await Promise.all(['One tab', 'Another tab'].map((body) => gateway.call('PUT', path(`/${post.uuid}`), { token: writer, headers: seen, body: text(body) })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
  });

  it.each([
    ['a weak tag of the revision', (revision: number) => `W/"${revision}"`, 200],
    ['a list that holds the revision', (revision: number) => `"999", "${revision}"`, 200],
    ['*', () => '*', 200],
    ['a tag that is no revision', () => '"abc"', 412],
    ['an unquoted revision', (revision: number) => String(revision), 400],
    ['* in a list', (revision: number) => `*, "${revision}"`, 400],
    ['an empty header', () => '', 400],
  ])('reads If-Match as %s', async (_form, header, status) => {
    const post = await awaitingApproval();
    const answer = await gateway.call('DELETE', path(`/${post.uuid}`), { headers: ifMatch(header(post.revision)) });
    expect(answer.status).toBe(status === 200 ? 204 : status);
    if (status === 412) expect(answer.body).toEqual(CHANGED);
    if (status === 400) expect(answer.body).toEqual(MALFORMED);
  });

  it('says a missing post is not found whatever If-Match says', async () => {
    expect(await gateway.call('DELETE', path('/00000000-0000-4000-8000-000000000009'), { headers: ifMatch('"0"') })).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
  });
});
