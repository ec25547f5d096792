import { PublishRequest } from '../publish-provider';
import { SandboxProvider } from './sandbox-provider';

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  idempotencyKey: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f:11:4',
  account: { id: 11, provider: 'sandbox', name: 'Launch team', username: 'launch' },
  settings: {},
  credentials: {},
  version: { account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} },
  ...overrides,
});

describe('SandboxProvider', () => {
  const sandbox = new SandboxProvider();

  it('publishes by default, with an external id and a sandbox url for it', async () => {
    const outcome = await sandbox.publish(request());
    expect(outcome).toEqual({ kind: 'success', externalId: expect.stringMatching(/^sbx_[0-9a-f]{20}$/), externalUrl: expect.any(String) });
    if (outcome.kind !== 'success') throw new Error('expected success');
    expect(outcome.externalUrl).toBe(`https://sandbox.invalid/posts/${outcome.externalId}`);
  });

  it('answers the same id for the same attempt and another for another attempt', async () => {
    const first = await sandbox.publish(request());
    expect(await sandbox.publish(request())).toEqual(first);
    expect(await sandbox.publish(request({ idempotencyKey: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f:11:9' }))).not.toEqual(first);
  });

  it('publishes with settings.outcome "success"', async () => {
    expect(await sandbox.publish(request({ settings: { outcome: 'success' } }))).toMatchObject({ kind: 'success' });
  });

  it('fails every publish, with a message, when settings.outcome is "failure"', async () => {
    expect(await sandbox.publish(request({ settings: { outcome: 'failure' } }))).toEqual({
      kind: 'permanent_failure',
      message: 'The sandbox account Launch team is set to fail every publish.',
    });
  });

  it('accepts no settings or a known outcome, and refuses another outcome', () => {
    expect(sandbox.validate({})).toEqual({});
    expect(sandbox.validate({ outcome: 'failure' })).toEqual({});
    expect(sandbox.validate({ outcome: 'maybe' })).toEqual({ 'settings.outcome': ['The selected settings.outcome is invalid.'] });
  });

  it('is authorized without credentials', async () => {
    expect(await sandbox.authorize()).toBe(true);
  });
});
