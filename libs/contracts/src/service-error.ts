export { ServiceError, type ServiceErrorBody, type ServiceErrorKind } from '@app/messaging';

/**
 * Messages of the product contract, word for word, that more than one service says. The words of
 * the rules of a post are the domain's (PostRuleMessages); the domain repeats two of these
 * (`unauthorized`, `validation`) for its own violations, and the post-service checks they agree.
 */
export const Messages = {
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  workspaceNotFound: 'Workspace not found.',
  webhookNotFound: 'Webhook not found.',
  /** Under `credentials`, when the platform refuses them at connect. */
  credentialsRejected: 'The provider rejected these credentials.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  validation: 'Validation errors.',
  tooManyAttempts: 'Too Many Attempts.',
  serverError: 'Server Error.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  bodyTooDeep: 'The request body is nested too deeply.',
} as const;
