import { Messages, ServiceError } from '@app/contracts';
import { PostErrorCode, PostRuleViolation } from '@app/domain';

const FIRST_VERSION_NOT_ORIGINAL = 'The is_original field must be true for the first version.';
const ACCOUNTS_REQUIRED_WHEN_SCHEDULING = 'The accounts field is required when scheduling.';

const validation = (field: string, message: string) => new ServiceError('validation', Messages.validation, { [field]: [message] });

/**
 * How each rule of the Post aggregate reaches a caller. The gateway validates input first, so the
 * validation cases only show up when a caller skipped it; they still answer with the contract's
 * field keys and messages.
 */
const byCode: Record<PostErrorCode, (violation: PostRuleViolation) => ServiceError> = {
  PostNotFound: () => new ServiceError('not_found', Messages.postNotFound),
  PostAlreadyExists: () => new ServiceError('bad_request', 'A post with this uuid already exists.'),
  PublishedPostImmutable: () => new ServiceError('bad_request', Messages.publishedPostImmutable),
  PostBeingPublished: () => new ServiceError('bad_request', 'The post is being published and cannot be changed now.'),
  PostNotAwaitingApproval: () => new ServiceError('bad_request', 'The post is not awaiting approval.'),
  ApprovalNotAllowed: () => new ServiceError('forbidden', Messages.unauthorized),
  InvalidVersions: ({ message }) => validation(message === FIRST_VERSION_NOT_ORIGINAL ? 'versions.0.is_original' : 'versions', message),
  NoAccounts: () => validation('accounts', ACCOUNTS_REQUIRED_WHEN_SCHEDULING),
  NotScheduled: ({ message }) => new ServiceError('bad_request', message),
  StaleSchedule: ({ message }) => new ServiceError('bad_request', message),
  UnknownAccount: () => validation('accounts', 'The selected account is invalid.'),
};

export function ruleViolationToServiceError(violation: PostRuleViolation): ServiceError {
  return byCode[violation.code](violation);
}

/** Rule violations become ServiceErrors; anything else is left as it is. */
export function asServiceError(error: unknown): unknown {
  return error instanceof PostRuleViolation ? ruleViolationToServiceError(error) : error;
}
