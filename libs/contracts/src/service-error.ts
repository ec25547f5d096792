export { ServiceError, type ServiceErrorBody, type ServiceErrorKind } from '@app/messaging';

/** Messages of the product contract, word for word. */
export const Messages = {
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  workspaceNotFound: 'Workspace not found.',
  postNotFound: 'Post not found.',
  publishedPostImmutable: 'A published post cannot be edited or deleted. Create a new post instead.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  validation: 'Validation errors.',
  tooManyAttempts: 'Too Many Attempts.',
  serverError: 'Server Error.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  bodyTooDeep: 'The request body is nested too deeply.',
} as const;
