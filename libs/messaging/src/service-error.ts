/**
 * A failure a service reports to its caller, independent of transport. The gateway turns
 * `kind` into an HTTP status; `message` and `errors` reach the client as they are.
 */
/** `precondition_failed`: the caller's copy is out of date (the post changed since they read it). */
export type ServiceErrorKind = 'bad_request' | 'forbidden' | 'not_found' | 'precondition_failed' | 'validation' | 'unavailable';

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
