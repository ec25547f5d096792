import { PublishRequest } from '../publish-provider';
import { SandboxProvider } from './sandbox-provider';

const noSession = { load: async () => null, save: async () => undefined };
const request = (overrides: Partial<PublishRequest> = {}, settings: Record<string, unknown> = {}): PublishRequest => ({
  idempotencyKey: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f:11',
  firstAttemptAt: new Date('2026-01-01T00:00:00Z'),
  account: { id: 11, provider: 'sandbox', name: 'Launch team', username: 'launch' },
  connection: { accountId: 11, settings, credentials: {}, session: noSession },
  version: { account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} },
  media: [],
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

  it('accepts no settings or a known outcome, and refuses another outcome', () => {
    expect(sandbox.validate({})).toEqual({});
    expect(sandbox.validate({ outcome: 'failure' })).toEqual({});
    expect(sandbox.validate({ outcome: 'maybe' })).toEqual({ 'settings.outcome': ['The selected settings.outcome is invalid.'] });
  });

  it('is verified without credentials, keeping its settings', async () => {
    expect(await sandbox.verify({ outcome: 'failure' })).toEqual({ kind: 'verified', account: { username: null, name: 'Sandbox', settings: { outcome: 'failure' } } });
  });
});
