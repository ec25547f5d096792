import { POST_EVENT_NAMES } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { deliveryIdFor } from './delivery-id';
import { accountEnvelope, buildEnvelope, postEventEnvelope, webhookEventFor } from './webhook-envelope';

const postUuid = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const workspaceUuid = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('webhookEventFor', () => {
  it('maps each post event to its webhook event, publishing_started to post.publishing', () => {
    const fired = POST_EVENT_NAMES.map((type) => [type, webhookEventFor(type)]);
    expect(fired.filter(([type, name]) => type !== name)).toEqual([['post.publishing_started', 'post.publishing']]);
  });
});

describe('postEventEnvelope', () => {
  it("carries the account whose result an account event tells: id, provider, name, external_url and errors", () => {
    const accounts = [
      { id: 1, provider: 'sandbox', name: 'Acme', username: 'acme', external_url: 'https://sandbox.invalid/posts/1', errors: [], items: [null], status: 'published' as const, published_at: '2026-11-22T09:00:00.000Z' },
      { id: 2, provider: 'mastodon', name: '@acme@example.social', username: null, external_url: null, errors: ['Refused.'], items: [null], status: 'failed' as const, published_at: null },
    ];
    const message = samplePostEvent('post.account_failed', { accountId: 2, post: { accounts } });
    const envelope = postEventEnvelope(message);
    expect(envelope).toEqual(expect.objectContaining({ event: 'post.account_failed', account: { id: 2, provider: 'mastodon', name: '@acme@example.social', external_url: null, errors: ['Refused.'] } }));
    expect(Object.keys(envelope!)).toEqual(['event', 'workspace_uuid', 'post', 'account', 'timestamp']);
  });
});

describe('accountEnvelope', () => {
  it('is event, workspace, account {id, provider, name, username}, the reason, then the timestamp', () => {
    const envelope = accountEnvelope('account.needs_reconnect', workspaceUuid, { id: 7, provider: 'sandbox', name: 'Acme', username: 'acme' }, '2026-11-22T11:01:00+02:00', { reason: 'Revoked.' });
    expect(JSON.parse(JSON.stringify(envelope))).toEqual({
      event: 'account.needs_reconnect',
      workspace_uuid: workspaceUuid,
      account: { id: 7, provider: 'sandbox', name: 'Acme', username: 'acme' },
      reason: 'Revoked.',
      timestamp: '2026-11-22T09:01:00.000Z',
    });
    expect(Object.keys(envelope)).toEqual(['event', 'workspace_uuid', 'account', 'reason', 'timestamp']);
  });
});

describe('buildEnvelope', () => {
  it('is the envelope of the specification, timestamps in UTC with Z and absent values null; each account with its id and external_url', () => {
    const post = {
      uuid: postUuid,
      status: 'scheduled' as const,
      scheduled_at: '2026-11-23T09:30:00+02:00',
      published_at: null,
      accounts: [
        { id: 1, provider: 'sandbox', name: 'Acme', username: 'acme', external_url: 'https://sandbox.invalid/posts/1', errors: [], items: [{ external_id: '1', external_url: 'https://sandbox.invalid/posts/1' }] },
        { id: 2, provider: 'mastodon', name: '@acme@example.social', username: null, external_url: null, errors: ['Refused.'], items: [null], status: 'failed' as const, published_at: null },
      ],
    };
    const envelope = buildEnvelope('post.scheduled', workspaceUuid, post, '2026-11-22T11:01:00+02:00');
    expect(JSON.parse(JSON.stringify(envelope))).toEqual({
      event: 'post.scheduled',
      workspace_uuid: workspaceUuid,
      post: {
        uuid: postUuid,
        status: 'scheduled',
        scheduled_at: '2026-11-23T07:30:00.000Z',
        published_at: null,
        accounts: [
          { id: 1, provider: 'sandbox', name: 'Acme', external_url: 'https://sandbox.invalid/posts/1' },
          { id: 2, provider: 'mastodon', name: '@acme@example.social', external_url: null },
        ],
      },
      timestamp: '2026-11-22T09:01:00.000Z',
    });
    expect(Object.keys(envelope)).toEqual(['event', 'workspace_uuid', 'post', 'timestamp']);
  });
});

describe('deliveryIdFor', () => {
  it('is a UUID fixed by the event and the webhook', () => {
    const id = deliveryIdFor('event-1', 3);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryIdFor('event-1', 3)).toBe(id);
    expect(deliveryIdFor('event-1', 4)).not.toBe(id);
    expect(deliveryIdFor('event-2', 3)).not.toBe(id);
  });
});
