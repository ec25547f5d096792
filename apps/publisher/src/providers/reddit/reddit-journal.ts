import { HttpAnswer } from '../http/provider-http';
import { ProviderFailure, PublishProgress } from '../publish-provider';
import { isTokenFailure } from './reddit-api';
import { jsonErrorsOf, redditFailure, refusalOf } from './reddit-errors';

/**
 * What a request that creates something on Reddit (a post, a comment) came to:
 * - `accepted`: Reddit took it; `data` is its answer's `json.data`;
 * - `lost`: no answer: Reddit may have acted. The journal's mark stays, so a try made again looks
 *   for it among the account's newest before sending anything again;
 * - `erred`: a 5xx: Reddit says it failed, yet may have acted. The mark stays until a look among
 *   the account's newest finds nothing (`forget`);
 * - a failure: Reddit did not act (its refusal in `json.errors`, a 4xx or 429, no usable token),
 *   and the mark is taken back.
 */
export type Creation = { kind: 'accepted'; data: Record<string, unknown> } | { kind: 'lost'; failure: ProviderFailure } | { kind: 'erred'; failure: ProviderFailure } | ProviderFailure;

/**
 * Reddit takes no idempotency key: the moment of the request is journaled under `mark` before it
 * is sent, and a try that finds the mark looks for what the request created before it sends one.
 */
export async function createJournaled(progress: PublishProgress, mark: string, send: () => Promise<HttpAnswer | ProviderFailure>): Promise<Creation> {
  await progress.record({ [mark]: Date.now() });
  const sent = await send();
  if (isTokenFailure(sent)) {
    await forget(progress, mark);
    return sent;
  }
  const errors = jsonErrorsOf(sent);
  if (errors?.length === 0) return { kind: 'accepted', data: ((sent as { body: { json: { data?: Record<string, unknown> } } }).body.json.data ?? {}) as Record<string, unknown> };
  if (sent.kind === 'no_answer') return { kind: 'lost', failure: redditFailure(sent) };
  if (sent.kind === 'answer' && sent.status >= 500) return { kind: 'erred', failure: redditFailure(sent) };
  await forget(progress, mark);
  return errors ? refusalOf(errors) : redditFailure(sent);
}

/** The journaled request is known not to have created anything: a try made again sends it without looking first. */
export const forget = (progress: PublishProgress, mark: string): Promise<void> => progress.record({ [mark]: null });

/** When a try journaled a request under `mark` whose outcome it did not learn (epoch ms), else null. */
export async function journaledAt(progress: PublishProgress, mark: string): Promise<number | null> {
  const value = (await progress.read())?.[mark];
  return typeof value === 'number' ? value : null;
}

/**
 * How long before the first attempt something found among the account's newest may have been
 * created (the clocks of Reddit and of this service differ a little). Kept short: an earlier post
 * or comment of ours must not be taken for this one.
 */
const LOOKUP_MARGIN_MS = 5_000;

/** Whether a thing created at `createdUtc` (Reddit's epoch seconds) may be what the attempt begun at `since` created. */
export const createdSince = (createdUtc: unknown, since: Date): boolean => typeof createdUtc === 'number' && createdUtc * 1000 >= since.getTime() - LOOKUP_MARGIN_MS;
