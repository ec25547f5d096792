/**
 * A failure a service reports to its caller, independent of transport. The gateway turns
 * `kind` into an HTTP status; `message` and `errors` reach the client as they are.
 */
export type ServiceErrorKind = 'bad_request' | 'forbidden' | 'not_found' | 'validation' | 'unavailable';

export interface ServiceErrorBody {
  kind: ServiceErrorKind;
  message: string;
  errors?: Record<string, string[]>;
}

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toBody(): ServiceErrorBody {
    return this.errors ? { kind: this.kind, message: this.message, errors: this.errors } : { kind: this.kind, message: this.message };
  }

  static fromBody(body: ServiceErrorBody): ServiceError {
    return new ServiceError(body.kind, body.message, body.errors);
  }
}

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
