import { randomUUID } from 'node:crypto';
import { Messages, Topics } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { PostingQueue, slotInstantsBetween, WEEKDAYS } from '@app/domain';
import { approver, member } from '@app/domain/testing';
import { eventually } from '@app/testing/eventually';
import { content, DatabaseKind, failureOf, inAnHour, postsClient, PostServiceHarness, startPostService } from './post-service-harness';

/** Every day, every two hours from 01:00, in New York: 84 slots. */
const QUEUE: PostingQueue = {
  timezone: 'America/New_York',
  slots: WEEKDAYS.flatMap((day) => Array.from({ length: 12 }, (_, index) => ({ day, time: `${String(index * 2 + 1).padStart(2, '0')}:00` }))),
};
const queued = () => content({ kind: 'queue', queue: QUEUE });
const WEEK_MS = 7 * 86_400_000;

/** The first `count` slots of QUEUE after `after`. */
function firstSlots(after: Date, count: number): string[] {
  const slots: string[] = [];
  for (const instant of slotInstantsBetween(QUEUE, after, new Date(after.getTime() + WEEK_MS))) {
    if (slots.length === count) break;
    slots.push(instant.toISOString());
  }
  return slots;
}

describe.each<DatabaseKind>(['SQLite', 'PostgreSQL'])('PostServiceModule: queued posts on %s', (database) => {
  let service: PostServiceHarness;
  let posts: ReturnType<typeof postsClient>;
  let workspace: string;

  beforeAll(async () => {
    service = await startPostService(database);
  });
  afterAll(() => service?.close());
  beforeEach(() => {
    workspace = randomUUID();
    posts = postsClient(service, workspace);
  });

  it('schedules posts asked for the queue at the same moment at different slots, the first ones after now', async () => {
    const before = new Date();
    const created = await Promise.all(Array.from({ length: 5 }, () => posts.create(queued())));
    const after = new Date();
    expect(created.map((post) => post.status)).toEqual(Array(5).fill('scheduled'));
    const given = created.map((post) => post.scheduled_at).sort();
    expect([firstSlots(before, 5), firstSlots(after, 5)]).toContainEqual(given);
  });

  it('skips an instant a post scheduled at it holds, and one waiting for approval at it', async () => {
    const [first, second] = firstSlots(new Date(), 2);
    await posts.create(content({ kind: 'schedule', scheduledAt: first }));
    await posts.create(content({ kind: 'schedule', scheduledAt: second }), member);
    const third = firstSlots(new Date(), 3)[2];
    expect((await posts.create(queued())).scheduled_at).toBe(third);
  });

  it('asks for approval at the slot when a member without approval queues a post', async () => {
    const post = await posts.create(queued(), member);
    expect(post).toMatchObject({ status: 'needs_approval', scheduled_at: firstSlots(new Date(), 1)[0] });
  });

  it('frees a slot when its post is deleted, made a draft, or queued again', async () => {
    const [first, second] = firstSlots(new Date(), 2);
    const deleted = await posts.create(queued());
    expect(deleted.scheduled_at).toBe(first);
    await posts.remove(deleted.uuid);
    const drafted = await posts.create(queued());
    expect(drafted.scheduled_at).toBe(first);
    await posts.update(drafted.uuid, content());
    const requeued = await posts.create(queued());
    expect(requeued.scheduled_at).toBe(first);
    // Queued again, a post may keep its own slot when it is still the first free one.
    expect((await posts.update(requeued.uuid, queued())).scheduled_at).toBe(first);
    expect((await posts.create(queued())).scheduled_at).toBe(second);
  });

  it('leaves the slot free when the queued command is refused', async () => {
    const first = firstSlots(new Date(), 1)[0];
    expect(await failureOf(posts.create({ ...queued(), accounts: [] }))).toEqual({
      kind: 'validation',
      message: Messages.validation,
      errors: { accounts: ['The accounts field is required when scheduling.'] },
    });
    expect((await posts.create(queued())).scheduled_at).toBe(first);
  });

  it('answers 422 under queue when the queue has no slots', async () => {
    expect(await failureOf(posts.create(content({ kind: 'queue', queue: { timezone: 'UTC', slots: [] } })))).toEqual({
      kind: 'validation',
      message: Messages.validation,
      errors: { queue: ['The queue has no time slots.'] },
    });
  });

  it('learns from post-events the instant a post holds that its command could not record', async () => {
    const first = firstSlots(new Date(), 1)[0];
    const message = samplePostEvent('post.scheduled', { workspaceUuid: workspace, revision: 1, post: { status: 'scheduled', scheduled_at: first } });
    await service.bus.publish(Topics.postEvents, [{ key: message.postUuid, value: message }]);
    await eventually(async () => {
      const held = await service.database.forSchema<{ held_instants: { post_uuid: string } }>('posts').db.selectFrom('held_instants').select('post_uuid').where('post_uuid', '=', message.postUuid).executeTakeFirst();
      return held ?? undefined;
    }, 'the instant the post holds');
    expect((await posts.create(queued())).scheduled_at).toBe(firstSlots(new Date(), 2)[1]);
  });

  it('keeps the time a draft is given, and schedules it there when it is scheduled without a time', async () => {
    const at = inAnHour();
    const draft = await posts.create(content({ kind: 'draft', scheduledAt: at }));
    expect(draft).toMatchObject({ status: 'draft', scheduled_at: at });
    expect(await posts.get(draft.uuid)).toMatchObject({ status: 'draft', scheduled_at: at });
    expect(await posts.update(draft.uuid, content({ kind: 'schedule_kept_time' }), approver)).toMatchObject({ status: 'scheduled', scheduled_at: at });
  });
});
