import { randomUUID } from 'node:crypto';
import { PostCommandMessage, PostView, Topics } from '@app/contracts';
import { eventually } from '@app/testing/eventually';
import { content, DatabaseKind, postServiceForEachTest } from './post-service-harness';

const DAY_MS = 86_400_000;
const plan = { interval_days: 1, times: 3 };

/**
 * Recycling, with the clock in the test's hands: a copy is published by sending the scheduler's
 * StartPublishing (as it would at the copy's time) and the publisher's results, days before the
 * time the copy is due, so three copies are made in a few seconds.
 */
describe.each<DatabaseKind>(['SQLite', 'PostgreSQL'])('PostServiceModule: recycled posts on %s', (database) => {
  const suite = postServiceForEachTest(database);

  const command = (postUuid: string, fields: Record<string, unknown>) =>
    ({ commandId: randomUUID(), postUuid, sentAt: new Date().toISOString(), ...fields }) as PostCommandMessage;
  const result = (postUuid: string, accountId: number, outcome: 'published' | 'failed') =>
    outcome === 'published'
      ? command(postUuid, { type: 'RecordPublishResult', accountId, outcome, externalId: `ext-${accountId}`, externalUrl: null, errors: [] })
      : command(postUuid, { type: 'RecordPublishResult', accountId, outcome, externalId: null, externalUrl: null, errors: ['Refused.'] });
  /** Publishes a scheduled post as the scheduler and the publisher would: account 12 with `second` as its outcome. */
  const publish = async (post: PostView, second: 'published' | 'failed' = 'published') => {
    // Created and scheduled at once: the schedule is revision 1.
    for (const each of [command(post.uuid, { type: 'StartPublishing', scheduledRevision: 1 }), result(post.uuid, 11, 'published'), result(post.uuid, 12, second)]) {
      await suite.service.bus.publish(Topics.postCommands, [{ key: post.uuid, value: each }]);
    }
    const status = second === 'published' ? 'published' : 'failed';
    return eventually(() => (suite.service.published.get(post.uuid)?.post.status === status ? suite.service.published.get(post.uuid)!.post : undefined), `post ${post.uuid} ${status}`);
  };
  const copiesOf = (origin: string) =>
    [...suite.service.published.values()].map((message) => message.post).filter((post) => post.recycled_from === origin).sort((a, b) => a.scheduled_at!.localeCompare(b.scheduled_at!));
  const copy = (origin: string, count: number) =>
    eventually(() => {
      const copies = copiesOf(origin);
      return copies.length === count && copies[count - 1].status === 'scheduled' ? copies[count - 1] : undefined;
    }, `copy ${count} of ${origin}, scheduled`);
  const daysAfter = (at: string, days: number) => new Date(Date.parse(at) + days * DAY_MS).toISOString();

  it('makes times copies, each a post of its own due a whole number of intervals after the origin was published', async () => {
    const created = await suite.posts.create({ ...content({ kind: 'schedule_now' }, 'Evergreen'), recycle: plan });
    expect(created).toMatchObject({ recycle: plan, recycled_from: null });
    const origin = await publish(created);

    const first = await copy(origin.uuid, 1);
    expect(first).toMatchObject({ status: 'scheduled', recycle: null, recycled_from: origin.uuid, versions: origin.versions, tags: origin.tags, published_at: null });
    expect(first.accounts.map((account) => account.id)).toEqual([11, 12]);
    expect(first.scheduled_at).toBe(daysAfter(origin.published_at!, 1));

    // Published a day early and partly failed: the next copy is still due two days after the origin.
    await publish(first, 'failed');
    const second = await copy(origin.uuid, 2);
    expect(second.scheduled_at).toBe(daysAfter(origin.published_at!, 2));

    await publish(second);
    const third = await copy(origin.uuid, 3);
    expect(third.scheduled_at).toBe(daysAfter(origin.published_at!, 3));
    expect(new Set([origin.uuid, first.uuid, second.uuid, third.uuid]).size).toBe(4);

    await publish(third);
    // The origin's post.published again (a redelivery): no copy is made twice, none past times.
    await suite.service.bus.publish(Topics.postEvents, [{ key: origin.uuid, value: suite.service.published.get(origin.uuid)! }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(copiesOf(origin.uuid).map((post) => post.uuid)).toEqual([first.uuid, second.uuid, third.uuid]);
  });

  it('gives the copies of a queued post the first free slot of its queue from their time', async () => {
    const queue = { timezone: 'UTC', slots: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, time: '09:00' })) };
    const created = await suite.posts.create({ ...content({ kind: 'queue', queue }), recycle: { interval_days: 1, times: 1 } });
    const origin = await publish(created);
    const due = Date.parse(origin.published_at!) + DAY_MS;
    const nineOnThatDay = Date.parse(`${new Date(due).toISOString().slice(0, 10)}T09:00:00.000Z`);
    const expected = new Date(nineOnThatDay > due ? nineOnThatDay : nineOnThatDay + DAY_MS).toISOString();
    expect((await copy(origin.uuid, 1)).scheduled_at).toBe(expected);
  });

  it('makes no copy of a post published without recycle, and no more once a scheduled copy is deleted', async () => {
    const plain = await publish(await suite.posts.create(content({ kind: 'schedule_now' })));
    const origin = await publish(await suite.posts.create({ ...content({ kind: 'schedule_now' }), recycle: plan }));
    const first = await copy(origin.uuid, 1);
    await suite.posts.remove(first.uuid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(copiesOf(plain.uuid)).toEqual([]);
    expect(copiesOf(origin.uuid).map((post) => post.uuid)).toEqual([first.uuid]);
  });
});
