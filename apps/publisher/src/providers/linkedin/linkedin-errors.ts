import { classifyFailure, HttpAnswer, platformMessage } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';

/**
 * LinkedIn answers errors as `{status, serviceErrorCode?, code?, message}` (a 401 is
 * `INVALID_ACCESS_TOKEN`). A 429 carries no reset header to rely on: Retry-After when there is
 * one, else the default wait.
 */
export const linkedinMessage = (answer: HttpAnswer): string => platformMessage(answer, ['message', 'code']);

/** A publish may be sent again: LinkedIn refuses the same post twice, and the refusal is resolved by a lookup. */
export const linkedinFailure = (answer: HttpAnswer): ProviderFailure => classifyFailure(answer, { message: linkedinMessage(answer), resetMs: null, repeatable: true });

/** The post LinkedIn names when it refuses an exact duplicate (422 "Content is a duplicate of urn:li:share:<n>"); null for any other answer. */
export function duplicateOf(answer: HttpAnswer): string | null {
  if (answer.kind !== 'answer' || answer.status !== 422) return null;
  return /duplicate of (urn:li:(?:share|ugcPost):\d+)/i.exec(linkedinMessage(answer))?.[1] ?? null;
}
