import { ServiceError } from '@app/contracts';
import { SandboxProvider } from '../../providers/sandbox/sandbox-provider';
import { validateConnectAccountRequest } from './connect-account.request';

const sandbox = new SandboxProvider();
const providers = { find: (name: string) => (name === 'sandbox' ? sandbox : null), names: () => ['sandbox'] };
const WORKSPACE = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

function errorOf(payload: unknown): ServiceError {
  try {
    validateConnectAccountRequest(payload, providers);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('validateConnectAccountRequest', () => {
  it('accepts a sandbox account without settings or credentials', () => {
    expect(validateConnectAccountRequest({ accountId: 7, workspaceUuid: WORKSPACE, provider: 'sandbox' }, providers)).toEqual({
      accountId: 7,
      workspaceUuid: WORKSPACE,
      provider: 'sandbox',
      settings: {},
      credentials: {},
      providerAdapter: sandbox,
    });
  });

  it('refuses an unknown provider with the validation message of the contract', () => {
    const error = errorOf({ accountId: 7, workspaceUuid: WORKSPACE, provider: 'myspace', settings: {}, credentials: {} });
    expect(error.toBody()).toEqual({ kind: 'validation', message: 'Validation errors.', errors: { provider: ['The selected provider is invalid. Use sandbox.'] } });
  });

  it('passes the provider’s own checks of the settings on', () => {
    const error = errorOf({ accountId: 7, workspaceUuid: WORKSPACE, provider: 'sandbox', settings: { outcome: 'sometimes' } });
    expect(error.errors).toEqual({ 'settings.outcome': ['The selected settings.outcome is invalid. Use success, failure or unauthorized.'] });
  });

  it('reports every malformed field at once', () => {
    const error = errorOf({ accountId: 'seven', workspaceUuid: 'nope', provider: 42, settings: [], credentials: 'secret' });
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['accountId', 'credentials', 'provider', 'settings', 'workspaceUuid']);
    expect(errorOf(undefined).kind).toBe('validation');
  });
});
