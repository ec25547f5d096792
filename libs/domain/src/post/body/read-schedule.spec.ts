import type { FieldErrors } from '../../fields/field-errors';
import type { PostingQueue } from '../../queue/posting-queue';
import { NOW, original, other, sandbox } from '../../testing/post-body-specification';
import { PostBodyResult, validatePostBody } from './validate-post-body';

const QUEUE: PostingQueue = { timezone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:00' }] };

/** The body checked for a create, or for an update (`updating`), in a workspace with `queue`. */
function whenBody(body: Record<string, unknown>, context: { updating?: boolean; queue?: PostingQueue } = {}): PostBodyResult {
  return validatePostBody({ versions: [original], accounts: [7], ...body }, { accounts: new Map([[7, sandbox], [9, other]]), now: NOW, ...context });
}
const intentOf = (result: PostBodyResult) => (result.ok ? result.input.intent : result.errors);
const errorsOf = (result: PostBodyResult): FieldErrors => (result.ok ? {} : result.errors);

describe('readSchedule: a draft keeps its time', () => {
  it.each([
    [{ scheduled_at: '2026-07-01T12:00:00+02:00' }, '2026-07-01T10:00:00.000Z'],
    [{ date: '2026-07-01', time: '12:00', timezone: 'Europe/Paris' }, '2026-07-01T10:00:00.000Z'],
    [{ date: '2020-01-01', time: '08:00' }, '2020-01-01T08:00:00.000Z'],
  ])('given %p without schedule, then a draft that keeps %s (a past time too)', (when, kept) => {
    expect(intentOf(whenBody(when))).toEqual({ kind: 'draft', scheduledAt: kept });
  });

  it('given a date without its time on a draft, or a time without its date, then the missing part is required', () => {
    expect(errorsOf(whenBody({ date: '2026-07-01' }))).toEqual({ time: ['The time field is required when date is present.'] });
    expect(errorsOf(whenBody({ time: '10:00' }))).toEqual({ date: ['The date field is required when time is present.'] });
  });

  it('given a malformed time on a draft, then its format error, as when scheduling', () => {
    expect(errorsOf(whenBody({ scheduled_at: 'tomorrow' }))).toEqual({ scheduled_at: ['The scheduled_at field must be an ISO 8601 date and time with an offset.'] });
    expect(errorsOf(whenBody({ date: '2026-07-01', time: '25:00' }))).toEqual({ time: ['The time does not match the format H:i.'] });
  });
});

describe('readSchedule: scheduling without a time', () => {
  it('given an update that schedules without a time, then at the time the post keeps (the decider checks it)', () => {
    expect(intentOf(whenBody({ schedule: true }, { updating: true }))).toEqual({ kind: 'schedule_kept_time' });
  });

  it('given a create that schedules without a time, then the date is required', () => {
    expect(errorsOf(whenBody({ schedule: true }))).toEqual({ date: ['The date field is required when scheduling.'] });
  });
});

describe('readSchedule: the queue', () => {
  it.each([true, 1, '1', 'true'])('given queue %p, then the next free slot of the workspace queue, a schedule that needs accounts', (queue) => {
    expect(intentOf(whenBody({ queue }, { queue: QUEUE }))).toEqual({ kind: 'queue', queue: QUEUE });
    expect(errorsOf(whenBody({ queue, accounts: [] }, { queue: QUEUE }))).toEqual({ accounts: ['The accounts field is required when scheduling.'] });
  });

  it('given queue and schedule, then still the queue', () => {
    expect(intentOf(whenBody({ queue: true, schedule: true }, { queue: QUEUE }))).toEqual({ kind: 'queue', queue: QUEUE });
  });

  it.each([{ date: '2026-07-01', time: '10:00' }, { time: '10:00' }, { scheduled_at: '2026-07-01T10:00:00Z' }, { schedule_now: true }])(
    'given the queue with %p, then 422 under queue',
    (when) => {
      expect(errorsOf(whenBody({ queue: true, ...when }, { queue: QUEUE }))).toEqual({
        queue: ['The queue field cannot be combined with date, time, scheduled_at or schedule_now.'],
      });
    },
  );

  it('given a workspace whose queue has no slots, then 422 under queue, with the other errors', () => {
    expect(errorsOf(whenBody({ queue: true, accounts: [] }, { queue: { timezone: 'UTC', slots: [] } }))).toEqual({
      accounts: ['The accounts field is required when scheduling.'],
      queue: ['The queue has no time slots.'],
    });
    expect(errorsOf(whenBody({ queue: true }))).toEqual({ queue: ['The queue has no time slots.'] });
  });

  it('given queue false or not a boolean, then no queue', () => {
    expect(intentOf(whenBody({ queue: false }, { queue: QUEUE }))).toEqual({ kind: 'draft' });
    expect(errorsOf(whenBody({ queue: 'soon' }, { queue: QUEUE }))).toEqual({ queue: ['The queue field must be true or false.'] });
  });
});
