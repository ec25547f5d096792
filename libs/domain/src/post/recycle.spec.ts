import { foldPost } from './evolve';
import type { PostEvent } from './post-events';
import { ExistingPostState } from './post-state';
import { nextRecycleCopy, recycleCopyDueAt } from './recycle';
import { givenWorkspace, original } from '../testing/post-body-specification';
import { givenPost } from '../testing/post-decider-specification';
import { approver, content, createPost, ev, history, NOW, POST_UUID, WORKSPACE_UUID } from '../testing/post-fixtures';

const workspace = givenWorkspace();
const plan = { interval_days: 7, times: 3 };
const PUBLISHED_AT = '2026-11-23T09:30:12.345Z';

const originOf = (...events: PostEvent[]): ExistingPostState => {
  const state = foldPost(events);
  if (!state.exists) throw new Error('no post');
  return state;
};
const created = (): PostEvent & { type: 'PostCreated' } => {
  const event = ev.created() as PostEvent & { type: 'PostCreated' };
  return { ...event, data: { ...event.data, recycle: plan } };
};
const publishedOrigin = (publishedAt = PUBLISHED_AT) => originOf(created(), ...history.published.slice(1, -1), ev.published(publishedAt));

describe('recycle in a post body', () => {
  it('given interval_days and times in their bounds, then the input carries them', () => {
    workspace.whenBody({ versions: [original], recycle: { interval_days: 365, times: 52 } }).thenInput((input) => expect(input.recycle).toEqual({ interval_days: 365, times: 52 }));
    workspace.whenBody({ versions: [original], recycle: { interval_days: 1, times: 1 } }).thenInput((input) => expect(input.recycle).toEqual({ interval_days: 1, times: 1 }));
  });

  it('given null, then the post is not recycled; given nothing, then the input leaves recycle as the post has it', () => {
    workspace.whenBody({ versions: [original], recycle: null }).thenInput((input) => expect(input.recycle).toBeNull());
    workspace.whenBody({ versions: [original] }).thenInput((input) => expect(input).not.toHaveProperty('recycle'));
  });

  it.each([
    [{ interval_days: 0, times: 53 }, { 'recycle.interval_days': ['The interval_days field must be between 1 and 365.'], 'recycle.times': ['The times field must be between 1 and 52.'] }],
    [{ interval_days: 366, times: 0 }, { 'recycle.interval_days': ['The interval_days field must be between 1 and 365.'], 'recycle.times': ['The times field must be between 1 and 52.'] }],
    [{ interval_days: 1.5, times: '3' }, { 'recycle.interval_days': ['The interval_days field must be an integer.'], 'recycle.times': ['The times field must be an integer.'] }],
    [{}, { 'recycle.interval_days': ['The interval_days field is required.'], 'recycle.times': ['The times field is required.'] }],
    [{ interval_day: 7, times: 3 }, { 'recycle.interval_day': ['The interval_day field is not recognized. Did you mean interval_days?'], 'recycle.interval_days': ['The interval_days field is required.'] }],
    [7, { recycle: ['The recycle field must be an object.'] }],
    [[], { recycle: ['The recycle field must be an object.'] }],
  ])('given recycle %p, then its faults under recycle.<field>', (recycle, errors) => {
    workspace.whenBody({ versions: [original], recycle }).thenErrors(errors);
  });
});

describe('recycle in the decider', () => {
  it('keeps the plan on the created post, and a copy keeps its origin', () => {
    givenPost()
      .when(createPost(approver, content({ kind: 'draft' }, { recycle: plan })))
      .then([{ ...created(), data: { ...created().data, at: NOW } }]);
    const copyOf = { postUuid: 'origin', copy: 2 };
    const state = foldPost([{ ...created(), data: { ...created().data, recycle: undefined, recycledFrom: copyOf } }]);
    expect(state).toMatchObject({ recycle: null, recycledFrom: copyOf, postUuid: POST_UUID, workspaceUuid: WORKSPACE_UUID });
  });

  it('keeps the queue of a queued recycled post, for its copies; a post not recycled keeps none', () => {
    const queue = { timezone: 'UTC', slots: [{ day: 'mon' as const, time: '09:00' }] };
    const queued = { kind: 'queue' as const, queue, slotAt: '2026-11-30T09:00:00.000Z' };
    givenPost()
      .when(createPost(approver, content(queued, { recycle: plan })))
      .thenState((state) => expect(state).toMatchObject({ recycle: plan, recycleQueue: queue }));
    givenPost()
      .when(createPost(approver, content(queued)))
      .thenState((state) => expect(state).toMatchObject({ recycle: null, recycleQueue: null }));
  });

  it('keeps the plan through an update that does not name it, and drops it on null', () => {
    givenPost(created())
      .when({ type: 'UpdatePost', actor: approver, now: NOW, input: content() })
      .thenState((state) => expect(state).toMatchObject({ recycle: plan }));
    givenPost(created())
      .when({ type: 'UpdatePost', actor: approver, now: NOW, input: content({ kind: 'draft' }, { recycle: null }) })
      .thenState((state) => expect(state).toMatchObject({ recycle: null }));
  });
});

describe('nextRecycleCopy', () => {
  it('makes the first copy interval_days after the origin was published, at its time of day', () => {
    expect(nextRecycleCopy(publishedOrigin(), 0)).toEqual({ copy: 1, dueAt: '2026-11-30T09:30:12.345Z' });
  });

  it('counts each copy from the origin, never from the copy before it: copies do not drift', () => {
    const origin = publishedOrigin();
    expect(nextRecycleCopy(origin, 1)).toEqual({ copy: 2, dueAt: '2026-12-07T09:30:12.345Z' });
    expect(nextRecycleCopy(origin, 2)).toEqual({ copy: 3, dueAt: '2026-12-14T09:30:12.345Z' });
    expect(recycleCopyDueAt(PUBLISHED_AT, { interval_days: 365, times: 52 }, 52)).toBe(new Date(Date.parse(PUBLISHED_AT) + 52 * 365 * 86_400_000).toISOString());
  });

  it('makes no more than times copies', () => {
    expect(nextRecycleCopy(publishedOrigin(), 3)).toBeNull();
  });

  it('makes none of a post that is not recycled, not published, or deleted', () => {
    expect(nextRecycleCopy(originOf(...history.published), 0)).toBeNull();
    expect(nextRecycleCopy(originOf(created(), ev.scheduled()), 0)).toBeNull();
    expect(nextRecycleCopy(originOf(created(), ev.deleted()), 0)).toBeNull();
  });
});
