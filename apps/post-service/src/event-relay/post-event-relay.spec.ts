import type { RecordedEvent } from '@app/event-store';
import { toRelayedPostEvent } from './post-event-relay';

const POST = '0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f';
const recorded = (overrides: Partial<RecordedEvent> = {}): RecordedEvent => ({
  id: 'c6b8a1f0-0000-4000-8000-000000000001',
  streamId: `post-${POST}`,
  revision: 1,
  position: 42,
  type: 'PostScheduled',
  data: { scheduledAt: '2026-11-22T12:00:00.000Z', at: '2026-11-22T09:00:00.000Z' },
  metadata: { commandType: 'UpdatePost' },
  recordedAt: '2026-11-22T09:00:00.123Z',
  ...overrides,
});

describe('toRelayedPostEvent', () => {
  it('publishes a post event on post-events, keyed by the post, with its id and type in headers', () => {
    expect(toRelayedPostEvent(recorded())).toEqual({
      topic: 'post-events',
      key: POST,
      value: {
        type: 'PostScheduled',
        data: { scheduledAt: '2026-11-22T12:00:00.000Z', at: '2026-11-22T09:00:00.000Z' },
        eventId: 'c6b8a1f0-0000-4000-8000-000000000001',
        postUuid: POST,
        revision: 1,
        position: 42,
        recordedAt: '2026-11-22T09:00:00.123Z',
      },
      headers: { 'event-id': 'c6b8a1f0-0000-4000-8000-000000000001', 'event-type': 'PostScheduled' },
    });
  });

  it('skips events of other streams and types it does not know', () => {
    expect(toRelayedPostEvent(recorded({ streamId: 'timer-1' }))).toBeNull();
    expect(toRelayedPostEvent(recorded({ type: 'SomethingElse' }))).toBeNull();
  });
});
