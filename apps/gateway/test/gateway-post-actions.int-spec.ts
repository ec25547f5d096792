import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { runPublishingRound } from './publishing-round';
import { inAnHour, original } from './sample-posts';

jest.setTimeout(120_000);

const STATUSES = ['draft', 'needs_approval', 'scheduled', 'publishing', 'published', 'failed'] as const;
type Status = (typeof STATUSES)[number];
const CALLERS = ['admin', 'approving member', 'member', 'viewer'] as const;
type Caller = (typeof CALLERS)[number];
const ACTIONS = ['edit', 'delete', 'approve', 'retry', 'move'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * A post's `actions` say, for the caller, which of PUT, DELETE, approve, retry and a move (a PUT of
 * only its time) would succeed now: each is tried on a post of each status by each kind of member,
 * and must succeed exactly when the post said it would.
 */
describe('gateway: a post\'s actions agree with what PUT, DELETE, approve, retry and a move answer (every status and role, over the post-service)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let accountId: number;
  const tokens = {} as Record<Caller, string | undefined>;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Acme' } })).body.uuid;
    accountId = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Acme', username: 'acme' } })).body.id;
    const members: [Caller, string, boolean][] = [
      ['approving member', 'member', true],
      ['member', 'member', false],
      ['viewer', 'viewer', false],
    ];
    for (const [caller, role, canApprove] of members) {
      const user = (await gateway.call('POST', '/api/panel/users', { body: { name: caller, email: `${caller.replace(' ', '.')}@example.com` } })).body;
      await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.id, role, can_approve: canApprove } });
      tokens[caller] = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token;
    }
  });
  afterAll(() => gateway?.dispose());

  const path = (suffix = '') => `/api/${workspace}/posts${suffix}`;
  const body = (text: string, schedule: boolean, at = inAnHour()) => ({
    versions: [{ ...original, content: [{ body: text, media: [] }] }],
    accounts: [accountId],
    ...(schedule ? { schedule: true, scheduled_at: at } : {}),
  });

  /** A new post in `status`, made the way a client (and the publisher, for the last three) would. */
  async function postIn(status: Status): Promise<string> {
    const author = status === 'needs_approval' ? tokens.member : undefined;
    const created = await gateway.call('POST', path(), { token: author, body: body(`A post that is ${status}`, status !== 'draft') });
    expect(created.status).toBe(201);
    const uuid: string = created.body.uuid;
    if (status === 'publishing') await runPublishingRound(gateway, uuid, []);
    if (status === 'published' || status === 'failed') await runPublishingRound(gateway, uuid, [{ accountId, outcome: status }]);
    expect((await gateway.call('GET', path(`/${uuid}`))).body.status).toBe(status);
    return uuid;
  }

  /** The status code of the caller's request for `action` on the post. */
  async function attempt(action: Action, uuid: string, caller: Caller, status: Status): Promise<number> {
    const token = tokens[caller];
    switch (action) {
      case 'edit':
        return (await gateway.call('PUT', path(`/${uuid}`), { token, body: body('Edited', false) })).status;
      case 'delete':
        return (await gateway.call('DELETE', path(`/${uuid}`), { token })).status;
      case 'approve':
        return (await gateway.call('POST', path(`/${uuid}/approve`), { token })).status;
      case 'retry':
        return (await gateway.call('POST', path(`/${uuid}/retry`), { token })).status;
      case 'move': {
        const later = new Date(Date.now() + 2 * 3_600_000).toISOString();
        return (await gateway.call('PUT', path(`/${uuid}`), { token, body: body(`A post that is ${status}`, status !== 'draft', later) })).status;
      }
    }
  }

  it.each(STATUSES)('a %s post: for each member, each action said possible succeeds and each said impossible is refused', async (status) => {
    const seen = await postIn(status);
    const outcomes: Record<string, Record<Action, { said: boolean; succeeded: boolean }>> = {};
    for (const caller of CALLERS) {
      const read = await gateway.call('GET', path(`/${seen}`), { token: tokens[caller] });
      expect(Object.keys(read.body.actions).sort()).toEqual([...ACTIONS].sort());
      const listed = (await gateway.call('GET', path(), { token: tokens[caller] })).body.data.find((post: { uuid: string }) => post.uuid === seen);
      expect(listed.actions).toEqual(read.body.actions);
      outcomes[caller] = {} as Record<Action, { said: boolean; succeeded: boolean }>;
      for (const action of ACTIONS) {
        const code = await attempt(action, await postIn(status), caller, status);
        outcomes[caller][action] = { said: read.body.actions[action], succeeded: code >= 200 && code < 300 };
      }
    }
    const disagreements = Object.entries(outcomes).flatMap(([caller, byAction]) =>
      Object.entries(byAction)
        .filter(([, { said, succeeded }]) => said !== succeeded)
        .map(([action, { said, succeeded }]) => `${caller} ${action}: said ${said}, ${succeeded ? 'succeeded' : 'was refused'}`),
    );
    expect(disagreements).toEqual([]);
    // Not vacuous: something is possible for someone, except where nothing is.
    const anyPossible = Object.values(outcomes).some((byAction) => Object.values(byAction).some(({ said }) => said));
    expect(anyPossible).toBe(status !== 'publishing' && status !== 'published');
  });

  it('the answer of a write carries the writer\'s actions: a member\'s new post awaiting approval may not be approved by them, the admin\'s read of it may', async () => {
    const created = await gateway.call('POST', path(), { token: tokens.member, body: body('Waiting', true) });
    expect(created.body).toMatchObject({ status: 'needs_approval', actions: { edit: true, delete: true, approve: false, move: true, retry: false } });
    const read = await gateway.call('GET', path(`/${created.body.uuid}`));
    expect(read.body.actions).toEqual({ edit: true, delete: true, approve: true, move: true, retry: false });
    const approved = await gateway.call('POST', path(`/${created.body.uuid}/approve`));
    expect(approved.body).toMatchObject({ status: 'scheduled', actions: { approve: false, edit: true } });
  });
});
