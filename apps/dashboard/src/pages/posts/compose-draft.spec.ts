import { describe, expect, it } from '@jest/globals';
import type { Post } from '../../api';
import { bodyOf, draftOf, duplicateOf } from './compose-draft';
import { APPROVAL_EXPLAINED, savedMessage } from './post-outcome';

const post: Post = {
  uuid: '5f0c1a9e-8d1b-4c1e-9d7a-0b6f2a1c3d4e',
  status: 'scheduled',
  versions: [
    { account_id: 0, is_original: true, content: [{ body: 'Hello', media: ['m1'] }, { body: 'A reply', media: [] }], options: { mastodon: { spoiler_text: 'CW' } } },
    { account_id: 7, is_original: false, content: [{ body: 'Hello, sandbox', media: ['m1'] }, { body: 'A reply', media: [] }], options: { mastodon: { spoiler_text: 'CW' } } },
  ],
  accounts: [{ id: 7, provider: 'sandbox', name: 'Sandbox', username: null, external_url: null, errors: [], status: 'pending', published_at: null, items: [null, null] }],
  tags: ['launch'],
  recycle: null,
  recycled_from: null,
  scheduled_at: '2099-01-02T09:00:00Z',
  published_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  revision: 1,
  actions: { edit: true, delete: true, approve: false, retry: false, move: true },
};

describe('compose drafts', () => {
  it('a duplicate keeps the versions, accounts, options and tags, and has no time', () => {
    const copy = duplicateOf(post, 'UTC');
    expect({ date: copy.date, time: copy.time }).toEqual({ date: '', time: '' });
    expect(bodyOf(copy, 'draft', 'UTC')).toEqual({ versions: post.versions, accounts: [7], tags: ['launch'] });
  });

  it('an edit keeps the time, and a reschedule sends it with schedule: true', () => {
    expect(bodyOf({ ...draftOf(post, 'Asia/Tokyo'), date: '2099-02-01', time: '10:00' }, 'schedule', 'Asia/Tokyo')).toMatchObject({
      date: '2099-02-01',
      time: '10:00',
      timezone: 'Asia/Tokyo',
      schedule: true,
      tags: ['launch'],
    });
    expect(draftOf(post, 'Asia/Tokyo')).toMatchObject({ date: '2099-01-02', time: '18:00' });
  });

  it('says what a save did, in the chosen zone', () => {
    expect(savedMessage(post, 'UTC')).toBe('Post scheduled for 2099-01-02 09:00 (UTC).');
    expect(savedMessage({ ...post, status: 'needs_approval' }, 'UTC')).toBe(`Post saved for 2099-01-02 09:00 (UTC). ${APPROVAL_EXPLAINED}`);
    expect(savedMessage({ ...post, status: 'draft', scheduled_at: null }, 'UTC')).toBe('Draft saved.');
  });

  it('says what saving a post to publish now did, without a time to name (never "null")', () => {
    expect(savedMessage({ ...post, scheduled_at: null }, 'UTC')).toBe('Post scheduled to publish as soon as possible.');
    expect(savedMessage({ ...post, status: 'needs_approval', scheduled_at: null }, 'UTC')).toBe(`Post saved, to publish as soon as it is approved. ${APPROVAL_EXPLAINED}`);
  });
});
