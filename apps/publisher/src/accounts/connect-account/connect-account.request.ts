import { ConnectAccountRequest, Messages, ServiceError } from '@app/contracts';
import { FieldMessages } from '@app/domain';
import type { ProviderLookup } from '../../providers/provider-registry';
import { PublishProvider } from '../../providers/publish-provider';
import { asObject, checkAccountRef } from '../account-ref';

export interface ValidConnectAccountRequest extends ConnectAccountRequest {
  providerAdapter: PublishProvider;
}

/**
 * Checks a connect request: the ids the gateway sends, a provider the publisher knows, and the
 * settings and credentials that provider needs. Every problem is reported at once.
 */
export function validateConnectAccountRequest(
  payload: unknown,
  providers: ProviderLookup,
): ValidConnectAccountRequest {
  const body = asObject(payload);
  const errors: Record<string, string[]> = {};
  const { accountId, workspaceUuid } = checkAccountRef(body, errors);
  const provider = typeof body.provider === 'string' ? providers.find(body.provider) : null;
  if (!provider) errors.provider = [FieldMessages.selectedInvalidAmong('provider', providers.names())];
  const settings = objectOrEmpty(body.settings);
  if (!settings) errors.settings = ['The settings field must be an object.'];
  const credentials = objectOrEmpty(body.credentials);
  if (!credentials) errors.credentials = ['The credentials field must be an object.'];
  if (provider && settings && credentials) Object.assign(errors, provider.validate(settings, credentials));
  const deadline = body.deadline;
  if (deadline !== undefined && !Number.isSafeInteger(deadline)) errors.deadline = ['The deadline field must be an integer.'];

  if (Object.keys(errors).length > 0 || !provider || !settings || !credentials) {
    throw new ServiceError('validation', Messages.validation, errors);
  }
  return {
    accountId,
    workspaceUuid,
    provider: provider.name,
    settings,
    credentials,
    ...(body.keepSettings === true ? { keepSettings: true } : {}),
    ...(deadline !== undefined ? { deadline: deadline as number } : {}),
    providerAdapter: provider,
  };
}

function objectOrEmpty(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return {};
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
