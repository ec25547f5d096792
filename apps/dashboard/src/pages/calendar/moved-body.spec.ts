import { describe, expect, it } from '@jest/globals';
import type { Post } from '../../api';
import { isMovable, movedBody } from './moved-body';

const post = (status: Post['status'], scheduledAt: string | null = '2026-12-01T01:30:00Z', move = true): Post => ({
  uuid: '6f1c1c1e-0000-4000-8000-000000000001',
  status,
  versions: [
    { account_id: 0, is_original: true, content: [{ body: 'Hello', media: ['m1'] }, { body: 'Thread', media: [] }], options: { mastodon: { sensitive: true } } },
    { account_id: 7, is_original: false, content: [{ body: 'Hello, Mastodon', media: ['m1'] }], options: {} },
  ],
  accounts: [
    { id: 7, provider: 'mastodon', name: 'Ada', username: null, external_url: null, errors: [], status: 'pending', published_at: null, items: [] },
    { id: 9, provider: 'sandbox', name: 'Box', username: null, external_url: null, errors: [], status: 'pending', published_at: null, items: [] },
  ],
  tags: ['launch'],
  recycle: null,
  recycled_from: null,
  scheduled_at: scheduledAt,
  published_at: null,
  created_at: '2026-11-28T00:00:00Z',
  updated_at: '2026-11-28T00:00:00Z',
  revision: 1,
  actions: { edit: move, delete: move, approve: false, retry: false, move },
});

describe('moving a post on the calendar', () => {
  it('moves the posts the server says the caller may move (actions.move) and that have a time', () => {
    expect(isMovable(post('needs_approval'))).toBe(true);
    expect(isMovable(post('scheduled', undefined, false))).toBe(false);
    expect(isMovable(post('draft', null))).toBe(false);
  });

  it('keeps the versions, accounts, tags and the time of day in the zone; a scheduled post is scheduled again, a draft stays a draft', () => {
    const scheduled = movedBody(post('scheduled'), '2026-12-04', 'Asia/Tokyo');
    expect(scheduled).toEqual({
      versions: post('scheduled').versions,
      accounts: [7, 9],
      tags: ['launch'],
      date: '2026-12-04',
      time: '10:30',
      timezone: 'Asia/Tokyo',
      schedule: true,
    });
    expect(movedBody(post('draft'), '2026-12-04', 'America/New_York')).toMatchObject({ date: '2026-12-04', time: '20:30', timezone: 'America/New_York', schedule: false });
    expect(movedBody(post('failed'), '2026-12-04', 'UTC')).toMatchObject({ time: '01:30', schedule: true });
  });
});
