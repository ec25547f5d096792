import { foldPost, PostEvent } from '@app/domain';
import { existingState, toPostView } from './to-post-view';

const POST = '0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f';
const WORKSPACE = '7e1d2c3b-4a59-4687-b9c0-d1e2f3a4b5c6';
const original = { account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} };
const accounts = [
  { id: 11, provider: 'sandbox', name: 'A', username: 'a' },
  { id: 12, provider: 'sandbox', name: 'B', username: null },
];

const created: PostEvent = {
  type: 'PostCreated',
  data: { postUuid: POST, workspaceUuid: WORKSPACE, createdBy: 1, versions: [original], accounts, tags: ['launch'], at: '2026-11-22T09:00:00.000Z' },
};
const scheduled: PostEvent = { type: 'PostScheduled', data: { scheduledAt: '2026-11-22T13:30:00+01:00', at: '2026-11-22T09:05:00.000Z' } };
const started: PostEvent = { type: 'PublishingStarted', data: { accounts, versions: [original], at: '2026-11-22T12:30:00.000Z' } };

describe('toPostView', () => {
  it('shows a draft with every field of the Post resource, absent values as null', () => {
    expect(toPostView(existingState(foldPost([created])))).toEqual({
      uuid: POST,
      status: 'draft',
      versions: [original],
      accounts: [
        { id: 11, provider: 'sandbox', name: 'A', username: 'a', external_url: null, errors: [], status: 'pending', published_at: null, items: [null] },
        { id: 12, provider: 'sandbox', name: 'B', username: null, external_url: null, errors: [], status: 'pending', published_at: null, items: [null] },
      ],
      tags: ['launch'],
      recycle: null,
      recycled_from: null,
      scheduled_at: null,
      published_at: null,
      created_at: '2026-11-22T09:00:00.000Z',
      updated_at: '2026-11-22T09:00:00.000Z',
    });
  });

  it('writes a schedule given with an offset as UTC with a Z suffix', () => {
    const view = toPostView(existingState(foldPost([created, scheduled])));
    expect(view.status).toBe('scheduled');
    expect(view.scheduled_at).toBe('2026-11-22T12:30:00.000Z');
    expect(view.updated_at).toBe('2026-11-22T09:05:00.000Z');
  });

  it('shows the external url and the time of a published account, and the errors of a failed one', () => {
    const view = toPostView(
      existingState(
        foldPost([
          created,
          scheduled,
          started,
          { type: 'AccountPublished', data: { accountId: 11, externalId: 'x1', externalUrl: 'https://example.test/x1', at: '2026-11-22T12:30:01.000Z' } },
          { type: 'AccountPublishFailed', data: { accountId: 12, errors: ['Provider refused the post.'], at: '2026-11-22T12:30:02.000Z' } },
          { type: 'PostPublishFailed', data: { failedAccountIds: [12], at: '2026-11-22T12:30:02.000Z' } },
        ]),
      ),
    );
    expect(view.status).toBe('failed');
    expect(view.published_at).toBeNull();
    expect(view.accounts).toEqual([
      {
        id: 11,
        provider: 'sandbox',
        name: 'A',
        username: 'a',
        external_url: 'https://example.test/x1',
        errors: [],
        status: 'published',
        published_at: '2026-11-22T12:30:01.000Z',
        items: [{ external_id: 'x1', external_url: 'https://example.test/x1' }],
      },
      { id: 12, provider: 'sandbox', name: 'B', username: null, external_url: null, errors: ['Provider refused the post.'], status: 'failed', published_at: null, items: [null] },
    ]);
  });

  it('lists each content item of an account’s version: those on the platform, null for the others', () => {
    const thread = { ...original, content: [{ body: 'One', media: [] }, { body: 'Two', media: [] }, { body: 'Three', media: [] }] };
    const forB = { account_id: 12, is_original: false, content: [{ body: 'Only one', media: [] }], options: {} };
    const first = { externalId: 'x1', externalUrl: 'https://example.test/x1' };
    const view = toPostView(
      existingState(
        foldPost([
          created,
          scheduled,
          { type: 'PublishingStarted', data: { accounts, versions: [thread, forB], at: '2026-11-22T12:30:00.000Z' } },
          { type: 'AccountPublishFailed', data: { accountId: 11, errors: ['Refused.'], items: [first, { externalId: 'x2', externalUrl: null }, null], at: '2026-11-22T12:30:01.000Z' } },
        ]),
      ),
    );
    expect(view.accounts.map((account) => account.items)).toEqual([
      [{ external_id: 'x1', external_url: 'https://example.test/x1' }, { external_id: 'x2', external_url: null }, null],
      [null],
    ]);
  });

  it('sets published_at once every account is published', () => {
    const view = toPostView(
      existingState(
        foldPost([
          created,
          scheduled,
          started,
          { type: 'AccountPublished', data: { accountId: 11, externalId: null, externalUrl: null, at: '2026-11-22T12:30:01.000Z' } },
          { type: 'AccountPublished', data: { accountId: 12, externalId: null, externalUrl: null, at: '2026-11-22T12:30:02.000Z' } },
          { type: 'PostPublished', data: { publishedAt: '2026-11-22T12:30:02.000Z' } },
        ]),
      ),
    );
    expect(view).toMatchObject({ status: 'published', published_at: '2026-11-22T12:30:02.000Z', updated_at: '2026-11-22T12:30:02.000Z' });
  });

  it('refuses a state without a post', () => {
    expect(() => existingState(foldPost([]))).toThrow('The command left no post behind');
  });
});
