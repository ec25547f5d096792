import { UnprocessableMessage } from '@app/messaging';
import { samplePostEvent } from '../testing/post-event-messages';
import { decodePostEventMessage } from './decode-post-event-message';
import type { PostView } from '../post-view';
import { POST_EVENT_NAMES } from './post-event-message';

const published = {
  status: 'published' as const,
  accounts: [{ id: 11, provider: 'sandbox', name: 'Sandbox', username: 'acme', external_url: 'https://sandbox.invalid/1', errors: [], status: 'published' as const, published_at: '2026-11-22T09:05:00.000Z', items: [{ external_id: '1', external_url: 'https://sandbox.invalid/1' }] }],
  published_at: '2026-11-22T09:05:00.000Z',
};

/** Why the message is refused: the UnprocessableMessage's words. */
function reasonOf(value: unknown): unknown {
  try {
    decodePostEventMessage(value);
  } catch (error) {
    return error instanceof UnprocessableMessage ? error.message : error;
  }
  return 'read';
}

describe('decodePostEventMessage', () => {
  it.each(POST_EVENT_NAMES)('reads %s as it was sent, and as JSON', (type) => {
    const message = samplePostEvent(type, { post: published });
    expect(decodePostEventMessage(message)).toEqual(message);
    expect(decodePostEventMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
  });

  it('reads an account of a message written before accounts said their status: failed with errors, published with an address, else pending', () => {
    const account = { id: 11, provider: 'sandbox', name: 'Sandbox', username: null, items: [null] };
    const post = { accounts: [{ ...account, external_url: null, errors: ['Refused.'] }, { ...account, id: 12, external_url: 'https://sandbox.invalid/2', errors: [] }, { ...account, id: 13, external_url: null, errors: [] }] };
    const value = JSON.parse(JSON.stringify(samplePostEvent('post.failed', { post: post as unknown as Partial<PostView> })));
    expect(decodePostEventMessage(value).post.accounts.map(({ status, published_at }) => ({ status, published_at }))).toEqual([
      { status: 'failed', published_at: null },
      { status: 'published', published_at: null },
      { status: 'pending', published_at: null },
    ]);
  });

  it('reads a value once: the groups of one process handed the same value share one frozen message', () => {
    const value = JSON.parse(JSON.stringify(samplePostEvent('post.account_published', { post: published })));
    const message = decodePostEventMessage(value);
    expect(decodePostEventMessage(value)).toBe(message);
    expect(decodePostEventMessage(JSON.parse(JSON.stringify(value)))).not.toBe(message);
    expect(() => {
      (message.post.accounts[0] as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(Object.isFrozen(message.post.versions[0].options)).toBe(true);
  });

  it('leaves out what the contract does not have', () => {
    const message = samplePostEvent('post.scheduled');
    expect(decodePostEventMessage({ ...message, extra: 1, post: { ...message.post, extra: 2 } })).toEqual(message);
  });

  const sample = samplePostEvent('post.account_failed', { postUuid: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f' });
  it.each([
    ['not an object', [], 'A post event must be a JSON object.'],
    ['another version', { ...sample, version: 2 }, 'Post event version 2 is not known here (this reader knows 1).'],
    ['an unknown type', { ...sample, type: 'post.archived' }, 'Post event type post.archived is not known here.'],
    ['no id', { ...sample, id: '' }, 'A post.account_failed message needs id to be a text.'],
    ['a negative revision', { ...sample, revision: -1 }, 'A post.account_failed message needs revision to be a whole number of 0 or more.'],
    ['a time that is no date', { ...sample, occurredAt: 'soon' }, 'A post.account_failed message needs occurredAt to be a date.'],
    ['the post of another uuid', { ...sample, post: { ...sample.post, uuid: 'other' } }, 'A post.account_failed message needs post.uuid to be the post uuid 5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f.'],
    ['a status the post cannot have', { ...sample, post: { ...sample.post, status: 'archived' } }, 'A post.account_failed message needs post.status to be one of draft, needs_approval, scheduled, publishing, published, failed.'],
    ['a content item without its media', { ...sample, post: { ...sample.post, versions: [{ ...sample.post.versions[0], content: [{ body: 'Hi' }] }] } }, 'A post.account_failed message needs post.versions.0.content.0.media to be a list.'],
    ['no account', { ...sample, accountId: undefined }, 'A post.account_failed message needs accountId to be a whole number of 0 or more.'],
    ['a round without its accounts', { ...samplePostEvent('post.publishing_started'), accountIds: 'all' }, 'A post.publishing_started message needs accountIds to be a list.'],
  ])('sends %s to the dead letters, saying why', (_name, value, reason) => {
    expect(reasonOf(value)).toBe(reason);
  });
});
