import { classifyFailure, HttpAnswer, platformMessage } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';

/**
 * Pinterest answers errors as `{code, message}` (an invalid or expired token: 401 code 2). Every
 * answer carries `x-ratelimit-reset`, the seconds until its rate-limit window resets: the wait
 * after a 429 when there is no Retry-After.
 */
export const pinterestMessage = (answer: HttpAnswer): string => platformMessage(answer, ['message']);

/**
 * Every call may be made again: a pin whose answer was lost is found among the board's pins before
 * another is asked for, and a registered upload that goes unused is no post.
 */
export function pinterestFailure(answer: HttpAnswer): ProviderFailure {
  const reset = answer.kind === 'answer' ? Number(answer.headers['x-ratelimit-reset'] ?? NaN) : NaN;
  return classifyFailure(answer, { message: pinterestMessage(answer), resetMs: Number.isFinite(reset) && reset >= 0 ? reset * 1000 : null, repeatable: true });
}

/** The upload of a video goes to storage (S3) that answers errors in XML: `<Error><Code/><Message/></Error>`. */
export function uploadFailure(answer: HttpAnswer): ProviderFailure {
  const xml = answer.kind === 'answer' && typeof answer.body === 'string' ? /<Message>([^<]*)<\/Message>/.exec(answer.body)?.[1] : undefined;
  const message = xml ? `The upload of the video was refused: ${xml}` : pinterestMessage(answer);
  return classifyFailure(answer, { message, resetMs: null, repeatable: true });
}

const FAILURE_KINDS: ReadonlySet<string> = new Set<ProviderFailure['kind']>(['retry_later', 'reauthorize', 'rejected', 'unknown']);

/** Whether what a step answered is already a failure of the publish (not an answer to read on). */
export const isFailure = <T>(value: T | ProviderFailure): value is ProviderFailure =>
  typeof value === 'object' && value !== null && 'kind' in value && FAILURE_KINDS.has(String(value.kind));
