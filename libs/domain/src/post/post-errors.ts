import type { FieldErrors } from '../fields/field-errors';

/**
 * Rule violations the decider reports. `code` is stable; the gateway maps it to an HTTP status
 * and message of the product contract.
 */
export type PostErrorCode =
  | 'PostNotFound'
  | 'PostAlreadyExists'
  | 'PublishedPostImmutable'
  | 'PostBeingPublished'
  | 'PostNotAwaitingApproval'
  | 'ApprovalNotAllowed'
  /** The content of a create or update breaks a rule of the post body; `fields` says which, keyed by field path. */
  | 'InvalidPostContent'
  | 'NotScheduled'
  | 'StaleSchedule';

export class PostRuleViolation extends Error {
  constructor(
    readonly code: PostErrorCode,
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
    this.name = 'PostRuleViolation';
  }
}
