import { memoryProgress, memorySession } from '@test/providers/support/memory-session';
import { PublishRequest } from '../publish-provider';
import { SandboxProvider } from './sandbox-provider';

const request = (overrides: Partial<PublishRequest> = {}, settings: Record<string, unknown> = {}): PublishRequest => ({
  idempotencyKey: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f:11',
  firstAttemptAt: new Date('2026-01-01T00:00:00Z'),
  account: { id: 11, provider: 'sandbox', name: 'Launch team', username: 'launch' },
  connection: { accountId: 11, settings, credentials: {}, session: memorySession() },
  item: { body: 'Hello', media: [] },
  followUp: null,
  media: [],
  progress: memoryProgress(),
  ...overrides,
});

describe('SandboxProvider', () => {
  const sandbox = new SandboxProvider();

  it('publishes by default, with an external id and a sandbox url for it', async () => {
    const outcome = await sandbox.publish(request());
    expect(outcome).toEqual({ kind: 'published', externalId: expect.stringMatching(/^sbx_[0-9a-f]{20}$/), externalUrl: expect.any(String) });
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(outcome.externalUrl).toBe(`https://sandbox.invalid/posts/${outcome.externalId}`);
  });

  it('answers the same id for the same key and another for another key', async () => {
    const first = await sandbox.publish(request());
    expect(await sandbox.publish(request())).toEqual(first);
    expect(await sandbox.publish(request({ idempotencyKey: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f:12' }))).not.toEqual(first);
  });

  it('publishes with settings.outcome "success"', async () => {
    expect(await sandbox.publish(request({}, { outcome: 'success' }))).toMatchObject({ kind: 'published' });
  });

  it('rejects every publish, with a message, when settings.outcome is "failure"', async () => {
    expect(await sandbox.publish(request({}, { outcome: 'failure' }))).toEqual({
      kind: 'rejected',
      message: 'The sandbox account Launch team is set to fail every publish.',
    });
  });

  it('fails every publish as a refused authorization when settings.outcome is "unauthorized"', async () => {
    expect(await sandbox.publish(request({}, { outcome: 'unauthorized' }))).toEqual({
      kind: 'reauthorize',
      message: 'The sandbox account Launch team is set to refuse its authorization.',
    });
  });

  it('publishes an item after the first as a reply to the one before, which its address says', async () => {
    const first = { externalId: 'sbx_first', externalUrl: 'https://sandbox.invalid/posts/sbx_first', reference: null };
    const second = { externalId: 'sbx_second', externalUrl: null, reference: null };
    const outcome = await sandbox.publish(request({ idempotencyKey: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f:11:2', followUp: { index: 2, root: first, parent: second } }));
    expect(outcome).toEqual({ kind: 'published', externalId: expect.stringMatching(/^sbx_/), externalUrl: expect.stringMatching(/^https:\/\/sandbox\.invalid\/posts\/sbx_[0-9a-f]{20}\?in_reply_to=sbx_second$/) });
  });

  it('gives each content item the outcome settings.item_outcomes says, the others settings.outcome', async () => {
    const settings = { item_outcomes: ['success', 'failure'] };
    const root = { externalId: 'sbx_first', externalUrl: null, reference: null };
    expect(await sandbox.publish(request({}, settings))).toMatchObject({ kind: 'published' });
    expect(await sandbox.publish(request({ followUp: { index: 1, root, parent: root } }, settings))).toEqual({
      kind: 'rejected',
      message: 'The sandbox account Launch team is set to fail content item 2.',
    });
    expect(await sandbox.publish(request({ followUp: { index: 2, root, parent: root } }, { ...settings, outcome: 'failure' }))).toMatchObject({ kind: 'rejected' });
    expect(await sandbox.publish(request({ followUp: { index: 2, root, parent: root } }, settings))).toMatchObject({ kind: 'published' });
  });

  it('accepts no settings or known outcomes, and refuses another outcome', () => {
    expect(sandbox.validate({})).toEqual({});
    expect(sandbox.validate({ outcome: 'failure', item_outcomes: ['success', 'failure'] })).toEqual({});
    expect(sandbox.validate({ outcome: 'maybe' })).toEqual({ 'settings.outcome': ['The selected settings.outcome is invalid. Use success, failure or unauthorized.'] });
    expect(sandbox.validate({ item_outcomes: ['success', 'maybe'] })).toEqual({
      'settings.item_outcomes': ['The settings.item_outcomes field must be a list of at most 20 of: success, failure, unauthorized.'],
    });
  });

  it('is verified without credentials, keeping its settings', async () => {
    expect(await sandbox.verify({ outcome: 'failure' })).toEqual({ kind: 'verified', account: { username: null, name: 'Sandbox', settings: { outcome: 'failure' } } });
  });
});
