import { PostEvent } from './post-events';
import { givenPost } from '../testing/post-decider-specification';
import { approver, content, createPost, ev, history, LATER, member, NOW, T0, updatePost } from '../testing/post-fixtures';

const EARLIER = '2026-11-21T08:00:00.000Z';
const SLOT = '2026-11-23T09:00:00.000Z';
const QUEUE = { timezone: 'Europe/Paris', slots: [{ day: 'mon' as const, time: '10:00' }] };

/** A draft that was given a time. */
const draftAt = (scheduledAt: string, at = T0): PostEvent => {
  const created = ev.created(content(), at);
  return { ...created, data: { ...created.data, scheduledAt } } as PostEvent;
};

describe('A draft keeps the time it is given', () => {
  it('given a draft with a time, then PostCreated keeps it and the post shows it, still a draft', () => {
    givenPost()
      .when(createPost(approver, content({ kind: 'draft', scheduledAt: LATER })))
      .then([draftAt(LATER, NOW)]);
    givenPost()
      .when(createPost(approver, content({ kind: 'draft', scheduledAt: EARLIER })))
      .thenState((state) => expect(state).toMatchObject({ status: 'draft', scheduledAt: EARLIER, scheduledRevision: null }));
  });

  it('given a draft updated with another time, then it keeps the new one; updated without a time, none', () => {
    givenPost(draftAt(LATER))
      .when(updatePost(approver, content({ kind: 'draft', scheduledAt: SLOT })))
      .thenState((state) => expect(state).toMatchObject({ status: 'draft', scheduledAt: SLOT }));
    givenPost(draftAt(LATER))
      .when(updatePost(approver, content({ kind: 'draft' })))
      .thenState((state) => expect(state).toMatchObject({ status: 'draft', scheduledAt: null }));
  });

  it('given a draft with a time ahead, when it is scheduled without a time, then it is scheduled at that time', () => {
    givenPost(draftAt(LATER))
      .when(updatePost(approver, content({ kind: 'schedule_kept_time' })))
      .then([ev.updated(content(), NOW), ev.scheduled(LATER, NOW)]);
    givenPost(draftAt(LATER))
      .when(updatePost(member, content({ kind: 'schedule_kept_time' })))
      .then([ev.updated(content(), NOW, member.userId), ev.approvalRequested(LATER, NOW)]);
  });

  it('given a scheduled post, when it is edited and scheduled without a time, then it keeps its time', () => {
    givenPost(...history.scheduled)
      .when(updatePost(approver, content({ kind: 'schedule_kept_time' })))
      .thenState((state) => expect(state).toMatchObject({ status: 'scheduled', scheduledAt: LATER }));
  });

  it('given a draft without a time, or with a past one, when it is scheduled without a time, then 422 under date', () => {
    givenPost(...history.draft)
      .when(updatePost(approver, content({ kind: 'schedule_kept_time' })))
      .thenThrows('InvalidPostContent', { date: ['The date field is required when scheduling.'] });
    givenPost(draftAt(EARLIER))
      .when(updatePost(approver, content({ kind: 'schedule_kept_time' })))
      .thenThrows('InvalidPostContent', { date: ['The scheduled time must be in the future.'] });
  });

  it('given scheduling without a time that cannot be had, then its error comes with the content errors', () => {
    givenPost(...history.draft)
      .when(updatePost(approver, content({ kind: 'schedule_kept_time' }, { accounts: [] })))
      .thenThrows('InvalidPostContent', {
        accounts: ['The accounts field is required when scheduling.'],
        date: ['The date field is required when scheduling.'],
      });
  });
});

describe('A post asked for the queue', () => {
  it('given the slot the post-service picked, then it is scheduled there, or asked for approval there', () => {
    givenPost()
      .when(createPost(approver, content({ kind: 'queue', queue: QUEUE, slotAt: SLOT })))
      .then([ev.created(content(), NOW), ev.scheduled(SLOT, NOW)]);
    givenPost()
      .when(createPost(member, content({ kind: 'queue', queue: QUEUE, slotAt: SLOT })))
      .then([ev.created(content(), NOW, member.userId), ev.approvalRequested(SLOT, NOW)]);
    givenPost(...history.scheduled)
      .when(updatePost(approver, content({ kind: 'queue', queue: QUEUE, slotAt: SLOT })))
      .thenState((state) => expect(state).toMatchObject({ status: 'scheduled', scheduledAt: SLOT }));
  });

  it('given no slot, then 422 under queue: the queue has no slots, or none is free', () => {
    givenPost()
      .when(createPost(approver, content({ kind: 'queue', queue: { timezone: 'UTC', slots: [] } })))
      .thenThrows('InvalidPostContent', { queue: ['The queue has no time slots.'] });
    givenPost()
      .when(createPost(approver, content({ kind: 'queue', queue: QUEUE })))
      .thenThrows('InvalidPostContent', { queue: ['The queue has no free time slot in the next 366 days.'] });
  });
});
