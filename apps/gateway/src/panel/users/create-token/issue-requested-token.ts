import { FieldMessages } from '@app/domain';
import type { AuthenticatedUser } from '../../../auth/authenticated-user';
import { IssuedToken, TokenStore, TooManyTokensError } from '../../../auth/token-store';
import { validationFailed } from '../../../http/api-error';

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const outlivesCreator = (creatorExpiry: Date): string =>
  `The expires_at must not be later than the expiry of the token that creates it (${creatorExpiry.toISOString()}).`;

/**
 * A token asked for through the API (the panel, or a user for themselves): its expiry checked,
 * and the owner's limit of live tokens kept (422 either way). A token never outlives the one that
 * created it: without `expires_at` it expires with its creator.
 */
export async function issueRequestedToken(tokens: TokenStore, ownerId: number, request: { name: string; expires_at?: string | null }, creator: AuthenticatedUser): Promise<IssuedToken> {
  const expiresAt = expiryOf(request.expires_at, creator.tokenExpiresAt === null ? null : new Date(creator.tokenExpiresAt));
  try {
    return await tokens.issueWithinLimit(ownerId, request.name.trim(), expiresAt);
  } catch (error) {
    if (error instanceof TooManyTokensError) throw validationFailed({ tokens: [error.message] });
    throw error;
  }
}

/**
 * The `expires_at` of a new token: an ISO 8601 date after now and not after `notAfter` (422 if
 * not; a day the month does not have is not a date); absent or null, `notAfter` (null: never).
 */
export function expiryOf(value: string | null | undefined, notAfter: Date | null = null): Date | null {
  if (value === undefined || value === null) return notAfter;
  const at = parseIsoInstant(value);
  if (!at) throw validationFailed({ expires_at: [FieldMessages.date('expires_at')] });
  if (at.getTime() <= Date.now()) throw validationFailed({ expires_at: [FieldMessages.dateAfterNow('expires_at')] });
  if (notAfter !== null && at.getTime() > notAfter.getTime()) throw validationFailed({ expires_at: [outlivesCreator(notAfter)] });
  return at;
}

/** The instant an ISO 8601 text names, or null when it is malformed or names a day that does not exist (`2027-02-30`). */
function parseIsoInstant(value: string): Date | null {
  const match = ISO_8601.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCFullYear() !== year || calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
