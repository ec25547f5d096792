import { classifyFailure, HttpAnswer, platformMessage } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';

/**
 * TikTok's rate limits count requests in a sliding window of a minute, and a 429 carries no reset
 * header: without a Retry-After, the window is waited out.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The error codes that mean the token no longer speaks for the creator (expired, revoked, or without the scope). */
const REFUSED_TOKEN_CODES = new Set(['access_token_invalid', 'scope_not_authorized']);

/** The `error` object of a v2 API answer (`{data, error: {code, message, log_id}}`), or null. */
function errorObjectOf(answer: HttpAnswer): { code?: unknown; message?: unknown } | null {
  if (answer.kind !== 'answer' || !answer.body || typeof answer.body !== 'object') return null;
  const error = (answer.body as { error?: unknown }).error;
  return error && typeof error === 'object' ? (error as { code?: unknown; message?: unknown }) : null;
}

/** TikTok's error code (`ok` on success), or null when the answer carries none. */
export function tiktokErrorCode(answer: HttpAnswer): string | null {
  const code = errorObjectOf(answer)?.code;
  return typeof code === 'string' ? code : null;
}

/** The `data` of an answer TikTok took (a 2xx whose error code, if any, is `ok`), or null for any other answer. */
export function tiktokData(answer: HttpAnswer): Record<string, unknown> | null {
  if (answer.kind !== 'answer' || answer.status < 200 || answer.status >= 300) return null;
  const code = tiktokErrorCode(answer);
  if (code !== null && code !== 'ok') return null;
  const data = answer.body && typeof answer.body === 'object' ? (answer.body as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

/**
 * TikTok's own message: the v2 API's `error.message` (its code when the message is empty); the
 * OAuth endpoints' `error_description`; else the text or the status.
 */
export function tiktokMessage(answer: HttpAnswer): string {
  const error = errorObjectOf(answer);
  if (typeof error?.message === 'string' && error.message.trim()) return error.message;
  if (typeof error?.code === 'string' && error.code !== 'ok') return error.code;
  return platformMessage(answer, ['error_description', 'message', 'error']);
}

/**
 * What TikTok did not take, classed: an invalid token or a missing scope asks for the account to
 * be connected again, a rate limit or a 5xx to wait, any other refusal (a daily cap reached, a
 * privacy level not offered, a caption too long) is definite, with TikTok's message. `repeatable`:
 * whether sending the same request again after a lost answer cannot post twice.
 */
export function tiktokFailure(answer: HttpAnswer, repeatable = true): ProviderFailure {
  const message = tiktokMessage(answer);
  const code = tiktokErrorCode(answer);
  if (code && REFUSED_TOKEN_CODES.has(code)) return { kind: 'reauthorize', message };
  if (answer.kind !== 'answer') return classifyFailure(answer, { message, repeatable });
  const limited = answer.status === 429 || code === 'rate_limit_exceeded';
  return classifyFailure(limited ? { ...answer, status: 429 } : answer, { message, resetMs: limited ? RATE_LIMIT_WINDOW_MS : null, repeatable });
}

/** The service's own messages about TikTok posts. */
export const TikTokMessages = {
  mixedMedia: 'A TikTok post is one video or photos (JPEG or WebP), not both.',
  oneVideo: 'A TikTok post takes one video.',
  tooManyPhotos: (most: number) => `A TikTok photo post takes at most ${most} photos.`,
  photoType: (mimeType: string) => `TikTok takes photos in JPEG or WebP only, not ${mimeType}.`,
  privacyLevelRequired: (offered: readonly string[]) => `A TikTok post needs a privacy_level option: one of ${offered.join(', ')}.`,
  privacyLevelWithdrawn: (level: string, offered: readonly string[]) =>
    `The creator’s TikTok account no longer offers the privacy level ${level}; it offers ${offered.join(', ')}. Choose one of them and schedule the post again.`,
  failed: (reason: string) => `TikTok could not publish the post: ${reason}.`,
  noDeletion: 'TikTok’s Content Posting API offers no way to delete a post: delete it in the TikTok app.',
  photoOutcomeUnknown:
    'TikTok did not answer the request to post the photos, and it may have posted them; TikTok offers no way to find the post, so it is not sent again.',
  incompleteAnswer: (field: string) => `TikTok’s answer did not carry ${field}.`,
  noPublicId: 'TikTok gave this post no public id (only some may see it), and reads the figures of public posts only.',
} as const;
