import type { FieldErrors } from '../fields/field-errors';

/**
 * Rule violations the decider reports. `code` is stable; the post-service maps it to the kind of
 * error a caller gets (not found, bad request, forbidden, validation).
 */
export type PostErrorCode =
  | 'PostNotFound'
  | 'PostAlreadyExists'
  | 'PublishedPostImmutable'
  | 'PostBeingPublished'
  | 'PostNotAwaitingApproval'
  | 'ApprovalNotAllowed'
  /** Only a failed post is retried. */
  | 'PostNotFailed'
  /** The post is no longer at the revision the caller read it at (`If-Match`). */
  | 'PostChanged'
  /** The content of a create or update breaks a rule of the post body; `fields` says which, keyed by field path. */
  | 'InvalidPostContent';

/**
 * The words of each rule violation, as callers read them: the only place they are written. A
 * refusal and invalid content say the product's general words, which the contract has too (the
 * domain cannot import it): the post-service holds the two to each other.
 */
export const PostRuleMessages = {
  PostNotFound: 'Post not found.',
  PostAlreadyExists: 'A post with this uuid already exists.',
  PublishedPostImmutable: 'A published post cannot be edited or deleted. Create a new post instead.',
  PostBeingPublished: 'The post is being published and cannot be changed now.',
  PostNotAwaitingApproval: 'The post is not awaiting approval.',
  ApprovalNotAllowed: 'This action is unauthorized.',
  PostNotFailed: 'Only a failed post can be retried.',
  PostChanged: 'The post was changed since you read it. Reload it and try again.',
  InvalidPostContent: 'Validation errors.',
} as const satisfies Readonly<Record<PostErrorCode, string>>;

export class PostRuleViolation extends Error {
  constructor(
    readonly code: PostErrorCode,
    readonly fields: FieldErrors = {},
  ) {
    super(PostRuleMessages[code]);
    this.name = 'PostRuleViolation';
  }
}
