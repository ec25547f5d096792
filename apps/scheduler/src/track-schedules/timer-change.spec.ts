import { PostEventName } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { timerChangeFor } from './timer-change';

describe('timerChangeFor', () => {
  it('sets the timer at the scheduled time, remembering the revision of the schedule', () => {
    const change = timerChangeFor(samplePostEvent('post.scheduled', { revision: 4, post: { status: 'scheduled', scheduled_at: '2026-11-22T12:30:15.250Z' } }));
    expect(change).toEqual({ kind: 'set', dueAt: new Date('2026-11-22T12:30:15.250Z'), scheduledRevision: 4 });
  });

  it.each<PostEventName>(['post.updated', 'post.deleted', 'post.publishing_started', 'post.approval_requested'])('removes the timer on %s', (type) => {
    expect(timerChangeFor(samplePostEvent(type, { revision: 5 }))).toEqual({ kind: 'clear' });
  });

  it.each<PostEventName>(['post.created', 'post.approved', 'post.account_published', 'post.account_failed', 'post.published', 'post.failed'])(
    'leaves the timer alone on %s',
    (type) => {
      expect(timerChangeFor(samplePostEvent(type, { revision: 5 }))).toEqual({ kind: 'none' });
    },
  );
});
