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
  | 'InvalidVersions'
  | 'NotScheduled'
  | 'StaleSchedule'
  | 'UnknownAccount'
  | 'NoAccounts';

export class PostRuleViolation extends Error {
  constructor(
    readonly code: PostErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PostRuleViolation';
  }
}
