import { checkBaseUrl, requireString } from '../account-fields';

/** `settings.service` (a PDS URL, optional), `credentials.identifier` (handle or DID) and `credentials.app_password`. */
export function checkBlueskyAccount(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (settings.service !== undefined) checkBaseUrl(settings, 'service', errors);
  requireString(credentials, 'credentials', 'identifier', errors);
  requireString(credentials, 'credentials', 'app_password', errors);
  return errors;
}
