import type { FieldErrors } from '../fields/field-errors';
import { postContentErrors } from './body/post-content-rules';
import { PostContentInput, ReadAtRevision } from './post-commands';
import { PostErrorCode, PostRuleViolation } from './post-errors';
import { ExistingPostState, PostState } from './post-state';
import type { PostStatus } from './post-types';

/**
 * The content rules of a create or update (see checkPostContent), every field error at once,
 * with `scheduleErrors` (the time asked for cannot be had) among them.
 */
export function assertValidContent(input: PostContentInput, scheduleErrors: FieldErrors = {}): void {
  const errors = { ...postContentErrors(input) };
  for (const [field, messages] of Object.entries(scheduleErrors)) errors[field] = [...(errors[field] ?? []), ...messages];
  if (Object.keys(errors).length > 0) throw new PostRuleViolation('InvalidPostContent', errors);
}

/** A live post: exists and is not deleted. */
export function assertFound(state: PostState): asserts state is ExistingPostState {
  if (!state.exists || state.deleted) throw new PostRuleViolation('PostNotFound');
}

/** The post is still at a revision the caller read it at, when they said which (`If-Match`). */
export function assertUnchangedSince({ expectedRevisions }: ReadAtRevision, state: ExistingPostState): void {
  if (expectedRevisions !== undefined && !expectedRevisions.includes(state.revision)) throw new PostRuleViolation('PostChanged');
}

/**
 * Why a post's content may not change (nor the post go away) in this status, or null when it may:
 * not once it is published or while it is being published.
 */
export function changeRefusal(status: PostStatus): Extract<PostErrorCode, 'PublishedPostImmutable' | 'PostBeingPublished'> | null {
  if (status === 'published') return 'PublishedPostImmutable';
  if (status === 'publishing') return 'PostBeingPublished';
  return null;
}

/** Content may change (or the post go away) unless it is published or being published. */
export function assertChangeable(state: ExistingPostState): void {
  const refusal = changeRefusal(state.status);
  if (refusal) throw new PostRuleViolation(refusal);
}

/** Only a post in `needs_approval` can be approved. */
export const awaitsApproval = (status: PostStatus): boolean => status === 'needs_approval';

/** Only a failed post is retried (published again to the accounts it failed on). */
export const retriable = (status: PostStatus): boolean => status === 'failed';

/** When an approved post is due: the time its author asked for, or the approval time when none was asked for or it has passed. */
export function scheduledAtOnApproval(requested: string | null, approvedAt: string): string {
  return requested !== null && Date.parse(requested) > Date.parse(approvedAt) ? requested : approvedAt;
}
