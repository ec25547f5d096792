import { validationFailed } from '../../../http/api-error';
import { FieldMessages } from '@app/domain';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The `expires_at` of a new token: absent or null never expires; otherwise an ISO 8601 date after now (422 if not). */
export function expiryOf(value: string | null | undefined): Date | null {
  if (value === undefined || value === null) return null;
  const at = ISO_8601.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw validationFailed({ expires_at: [FieldMessages.date('expires_at')] });
  if (at.getTime() <= Date.now()) throw validationFailed({ expires_at: [FieldMessages.dateAfterNow('expires_at')] });
  return at;
}
