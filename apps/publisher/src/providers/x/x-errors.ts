import { classifyFailure, HttpAnswer } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';

/**
 * X answers errors as problem details (`{title, detail, type, status}`), an invalid request with
 * `errors: [{message}]`; a 429 says when the window resets in `x-rate-limit-reset` (epoch seconds).
 */
export function xMessage(answer: HttpAnswer): string {
  if (answer.kind !== 'answer') return answer.message;
  const body = (answer.body ?? {}) as { detail?: unknown; title?: unknown; errors?: Array<{ message?: unknown }> };
  const first = body.errors?.find((error) => typeof error.message === 'string')?.message;
  if (typeof first === 'string') return first;
  if (typeof body.detail === 'string') return body.detail;
  if (typeof body.title === 'string') return body.title;
  return typeof answer.body === 'string' && answer.body ? answer.body.slice(0, 500) : `HTTP ${answer.status}`;
}

/** A publish may be sent again: X refuses the same text twice, and the refusal is resolved by a lookup. */
export function xFailure(answer: HttpAnswer, now = Date.now()): ProviderFailure {
  const reset = answer.kind === 'answer' ? Number(answer.headers['x-rate-limit-reset']) : NaN;
  return classifyFailure(answer, { message: xMessage(answer), resetMs: Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : null, repeatable: true });
}

/** X's refusal of a post whose text the account already posted. */
export const isDuplicateRefusal = (answer: HttpAnswer): boolean => answer.kind === 'answer' && answer.status === 403 && /duplicate content/i.test(xMessage(answer));
