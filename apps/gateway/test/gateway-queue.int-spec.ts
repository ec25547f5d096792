import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { original } from './sample-posts';

jest.setTimeout(30_000);

const QUEUE = {
  timezone: 'Europe/Paris',
  slots: [
    { day: 'fri', time: '17:30' },
    { day: 'mon', time: '09:00' },
  ],
};
const KEPT = { timezone: 'Europe/Paris', slots: [QUEUE.slots[1], QUEUE.slots[0]] };
/** An instant as the queue's day and wall time, e.g. `mon 09:00`. */
const parisSlotOf = (instant: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((each) => each.type === type)!.value;
  return `${part('weekday').toLowerCase()} ${part('hour')}:${part('minute')}`;
};

describe('gateway: the posting queue (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let accountId: number;
  const tokens: Record<'member' | 'viewer', string> = { member: '', viewer: '' };

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Queue' } })).body.uuid;
    accountId = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Acme' } })).body.id;
    for (const role of ['member', 'viewer'] as const) {
      const user = (await gateway.call('POST', '/api/panel/users', { body: { name: role, email: `${role}@queue.test` } })).body;
      await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.id, role, can_approve: true } });
      tokens[role] = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token;
    }
  });
  afterAll(() => gateway?.dispose());

  const queuePath = () => `/api/${workspace}/queue`;

  it('answers UTC without slots for a workspace that never set its queue', async () => {
    expect(await gateway.call('GET', queuePath())).toMatchObject({ status: 200, body: { timezone: 'UTC', slots: [] } });
  });

  it('lets a workspace admin set the queue, kept in week order; every member reads it', async () => {
    expect(await gateway.call('PUT', queuePath(), { body: QUEUE })).toMatchObject({ status: 200, body: KEPT });
    for (const token of [undefined, tokens.member, tokens.viewer]) {
      expect(await gateway.call('GET', queuePath(), { token })).toMatchObject({ status: 200, body: KEPT });
    }
  });

  it.each(['member', 'viewer'] as const)('refuses a %s who sets the queue: 403, as other admin-only routes', async (role) => {
    expect(await gateway.call('PUT', queuePath(), { token: tokens[role], body: { slots: [] } })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
  });

  it('answers 422 with every fault under its key, and keeps the queue as it was', async () => {
    const answer = await gateway.call('PUT', queuePath(), { body: { timezone: 'Nowhere/City', slots: [{ day: 'mon', time: '09:00' }, { day: 'someday', time: '9' }] } });
    expect(answer).toMatchObject({
      status: 422,
      body: {
        message: 'Validation errors.',
        errors: {
          timezone: ['The timezone field must be a valid timezone.'],
          'slots.1.day': ['The selected day is invalid. Use mon, tue, wed, thu, fri, sat or sun.'],
          'slots.1.time': ['The time does not match the format H:i.'],
        },
      },
    });
    expect((await gateway.call('GET', queuePath())).body).toEqual(KEPT);
  });

  it('schedules posts asked for the queue at the next free slots of the workspace queue, sent to the post-service with the post', async () => {
    const first = await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [original], accounts: [accountId], queue: true } });
    expect(gateway.services.callsOf('posts.create').at(-1)).toMatchObject({ input: { intent: { kind: 'queue', queue: KEPT } } });
    const second = await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [original], accounts: [accountId], queue: true } });
    for (const answer of [first, second]) expect(answer).toMatchObject({ status: 201, body: { status: 'scheduled', scheduled_at: expect.any(String) } });
    const [at, next] = [first, second].map((answer) => Date.parse(answer.body.scheduled_at));
    // Two slots a week: the first post holds the nearer one, the second the other, both within a week from now.
    expect(Date.now() < at && at < next && next < Date.now() + 7 * 86_400_000).toBe(true);
    expect([first, second].map((answer) => parisSlotOf(answer.body.scheduled_at)).sort()).toEqual(['fri 17:30', 'mon 09:00']);
  });

  it('answers 422 under queue, with the other faults, when the queue has no slots or the body also names a time', async () => {
    expect(await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [original], queue: true, time: '10:00' } })).toMatchObject({
      status: 422,
      body: {
        errors: {
          accounts: ['The accounts field is required when scheduling.'],
          queue: ['The queue field cannot be combined with date, time, scheduled_at or schedule_now.'],
        },
      },
    });
    await gateway.call('PUT', queuePath(), { body: { timezone: 'UTC', slots: [] } });
    const calls = gateway.services.callsOf('posts.create').length;
    expect(await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [original], accounts: [accountId], queue: true } })).toMatchObject({
      status: 422,
      body: { message: 'Validation errors.', errors: { queue: ['The queue has no time slots.'] } },
    });
    expect(gateway.services.callsOf('posts.create')).toHaveLength(calls);
  });

  it('sends an update that schedules without a time as one at the time the post has', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const draft = await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [original], accounts: [accountId], scheduled_at: at } });
    expect(draft).toMatchObject({ status: 201, body: { status: 'draft', scheduled_at: at } });
    const scheduled = await gateway.call('PUT', `/api/${workspace}/posts/${draft.body.uuid}`, { body: { versions: [original], accounts: [accountId], schedule: true } });
    expect(scheduled).toMatchObject({ status: 200, body: { status: 'scheduled', scheduled_at: at } });
    expect(gateway.services.callsOf('posts.update').at(-1)).toMatchObject({ input: { intent: { kind: 'schedule_kept_time' } } });
  });
});
