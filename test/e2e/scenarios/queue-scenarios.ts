import { ApiClient } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser } from '../support/fixtures';
import { createWebhook, LIFECYCLE_TIMEOUT_MS, ORIGINAL, secondsAhead, waitForStatus, withOffset } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** Every day, every two hours in UTC: 84 slots. */
export const EVERY_TWO_HOURS = { timezone: 'UTC', slots: DAYS.flatMap((day) => Array.from({ length: 12 }, (_, index) => ({ day, time: `${String(index * 2).padStart(2, '0')}:00` }))) };
const TWO_HOURS_MS = 2 * 3_600_000;

/** The first `count` slots of EVERY_TWO_HOURS after `after`. */
export const slotsAfter = (after: number, count: number): string[] =>
  Array.from({ length: count }, (_, index) => new Date((Math.floor(after / TWO_HOURS_MS) + 1 + index) * TWO_HOURS_MS).toISOString());

/** The queue of time slots, and the time a draft keeps. */
export const queueScenarios: Scenario[] = [
  {
    title: 'three posts sent with queue: true at the same moment get three different slots, the first ones; a deleted one frees its slot',
    run: concurrentQueuedPosts,
  },
  { title: 'the queue is read by every member and set by workspace admins only; a post cannot be queued in an empty queue', run: queueSettings },
  { title: 'a draft keeps the time it was given, and is published at it once scheduled without a time', run: draftKeepsItsTime },
];

export async function queuedWorkspace(admin: ApiClient, name: string): Promise<{ workspace: string; account: number }> {
  const workspace = await approverWorkspace(admin, name);
  const account = await connectSandbox(admin, workspace);
  const set = await admin.put(`/api/${workspace}/queue`, EVERY_TWO_HOURS);
  expect({ status: set.status, slots: set.body?.slots?.length }).toEqual({ status: 200, slots: 84 });
  return { workspace, account };
}

async function concurrentQueuedPosts({ admin }: ScenarioContext): Promise<void> {
  const { workspace, account } = await queuedWorkspace(admin, 'Queue at once');
  const queued = () => admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], queue: true });

  const before = Date.now();
  const answers = await Promise.all([queued(), queued(), queued()]);
  const after = Date.now();
  expect(answers.map((answer) => `${answer.status} ${answer.body?.status}`)).toEqual(Array(3).fill('201 scheduled'));
  const given = answers.map((answer) => answer.body.scheduled_at as string).sort();
  expect([slotsAfter(before, 3), slotsAfter(after, 3)]).toContainEqual(given);
  for (const answer of answers) {
    expect((await admin.get(`/api/${workspace}/posts/${answer.body.uuid}`)).body.scheduled_at).toBe(answer.body.scheduled_at);
  }

  // The second slot's post goes away: the next queued post gets that slot.
  const second = answers.find((answer) => answer.body.scheduled_at === given[1])!;
  expect((await admin.delete(`/api/${workspace}/posts/${second.body.uuid}`)).status).toBe(204);
  const next = await queued();
  expect({ status: next.status, scheduled_at: next.body.scheduled_at }).toEqual({ status: 201, scheduled_at: given[1] });
}

async function queueSettings({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Queue settings');
  const account = await connectSandbox(admin, workspace);
  expect(await admin.get(`/api/${workspace}/queue`)).toMatchObject({ status: 200, body: { timezone: 'UTC', slots: [] } });
  const empty = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], queue: true });
  expect({ status: empty.status, body: empty.body }).toEqual({ status: 422, body: { message: 'Validation errors.', errors: { queue: ['The queue has no time slots.'] } } });

  const writer = await createUser(admin, `queue-writer-${Date.now()}@lifecycle.test`);
  await addMember(admin, workspace, writer.id, 'member', true);
  const refused = await writer.api.put(`/api/${workspace}/queue`, EVERY_TWO_HOURS);
  expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { message: 'This action is unauthorized.' } });

  const invalid = await admin.put(`/api/${workspace}/queue`, { timezone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:00' }, { day: 'funday', time: '25:00' }] });
  expect({ status: invalid.status, errors: invalid.body?.errors }).toEqual({
    status: 422,
    errors: {
      'slots.1.day': ['The selected day is invalid. Use mon, tue, wed, thu, fri, sat or sun.'],
      'slots.1.time': ['The time does not match the format H:i.'],
    },
  });
  const set = await admin.put(`/api/${workspace}/queue`, { timezone: 'Europe/Paris', slots: [{ day: 'fri', time: '17:30' }, { day: 'mon', time: '09:00' }] });
  const kept = { timezone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:00' }, { day: 'fri', time: '17:30' }] };
  expect({ status: set.status, body: set.body }).toEqual({ status: 200, body: kept });
  expect((await writer.api.get(`/api/${workspace}/queue`)).body).toEqual(kept);
  // Combined with a time, the queue is refused.
  const combined = await writer.api.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], queue: true, date: '2030-01-01', time: '10:00' });
  expect({ status: combined.status, errors: combined.body?.errors }).toEqual({
    status: 422,
    errors: { queue: ['The queue field cannot be combined with date, time, scheduled_at or schedule_now.'] },
  });
}

async function draftKeepsItsTime({ admin, openReceiver }: ScenarioContext): Promise<void> {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, 'Draft time');
  const account = await connectSandbox(admin, workspace);
  await createWebhook(admin, workspace, { url: receiver.url(), events: ['post.scheduled', 'post.published'] });
  const at = secondsAhead(8);

  const created = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], scheduled_at: withOffset(at, 120) });
  expect({ status: created.status, post: created.body?.status, at: created.body?.scheduled_at }).toEqual({ status: 201, post: 'draft', at: at.toISOString() });
  const uuid = created.body.uuid as string;
  expect((await admin.get(`/api/${workspace}/posts/${uuid}`)).body).toMatchObject({ status: 'draft', scheduled_at: at.toISOString() });
  const drafts = await admin.get(`/api/${workspace}/posts?status=draft`);
  expect(drafts.body.data.find((post: { uuid: string }) => post.uuid === uuid)?.scheduled_at).toBe(at.toISOString());

  const scheduled = await admin.put(`/api/${workspace}/posts/${uuid}`, { versions: [ORIGINAL], accounts: [account], schedule: true });
  expect({ status: scheduled.status, post: scheduled.body?.status, at: scheduled.body?.scheduled_at }).toEqual({ status: 200, post: 'scheduled', at: at.toISOString() });
  const published = await waitForStatus(admin, workspace, uuid, 'published', LIFECYCLE_TIMEOUT_MS + 8_000);
  expect(published.scheduled_at).toBe(at.toISOString());
  expect(Date.parse(published.published_at ?? '')).toBeGreaterThanOrEqual(at.getTime());
  const [told] = await receiver.waitFor(
    () => {
      const events = [receiver.about(uuid, 'post.scheduled')[0], receiver.about(uuid, 'post.published')[0]];
      return events.every(Boolean) ? events : null;
    },
    LIFECYCLE_TIMEOUT_MS,
    `post.scheduled and post.published of ${uuid}`,
  );
  expect(told.envelope.post.scheduled_at).toBe(at.toISOString());
}
