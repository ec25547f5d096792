import { Messages, ServiceError } from '@app/contracts';
import { PostErrorCode, PostRuleViolation } from '@app/domain';

/**
 * How each rule of the Post aggregate reaches a caller. The gateway validates a post body with the
 * same validator first, so invalid content only shows up when a caller skipped it; it still
 * answers with the field keys and messages the violation carries.
 */
const byCode: Record<PostErrorCode, (violation: PostRuleViolation) => ServiceError> = {
  PostNotFound: () => new ServiceError('not_found', Messages.postNotFound),
  PostAlreadyExists: () => new ServiceError('bad_request', 'A post with this uuid already exists.'),
  PublishedPostImmutable: () => new ServiceError('bad_request', Messages.publishedPostImmutable),
  PostBeingPublished: () => new ServiceError('bad_request', 'The post is being published and cannot be changed now.'),
  PostNotAwaitingApproval: () => new ServiceError('bad_request', 'The post is not awaiting approval.'),
  ApprovalNotAllowed: () => new ServiceError('forbidden', Messages.unauthorized),
  InvalidPostContent: ({ fields }) => new ServiceError('validation', Messages.validation, fields),
  NotScheduled: ({ message }) => new ServiceError('bad_request', message),
  StaleSchedule: ({ message }) => new ServiceError('bad_request', message),
};

export function ruleViolationToServiceError(violation: PostRuleViolation): ServiceError {
  return byCode[violation.code](violation);
}

/** Rule violations become ServiceErrors; anything else is left as it is. */
export function asServiceError(error: unknown): unknown {
  return error instanceof PostRuleViolation ? ruleViolationToServiceError(error) : error;
}
