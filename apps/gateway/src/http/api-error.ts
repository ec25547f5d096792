import { Messages } from '@app/contracts';
import type { FieldErrors } from '@app/domain';

export type { FieldErrors };

/** An answer the gateway decides itself: a status, the contract's message, and optional headers. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const TOKEN_REFUSED = 'The token is unknown, revoked or expired.';

/**
 * 401, with the challenge of RFC 6750: `Bearer realm="api"` when no token came, and with
 * `error="invalid_token"` and why when one came that does not let anyone in.
 */
export const unauthenticated = (tokenSent = false): ApiError =>
  new ApiError(401, Messages.unauthenticated, undefined, {
    'WWW-Authenticate': tokenSent ? `Bearer realm="api", error="invalid_token", error_description="${TOKEN_REFUSED}"` : 'Bearer realm="api"',
  });
export const unauthorized = (): ApiError => new ApiError(403, Messages.unauthorized);
export const workspaceNotFound = (): ApiError => new ApiError(404, Messages.workspaceNotFound);
/** How a panel admin who is not a member of an existing workspace is told to become one; `{uuid}` stands for the workspace's. */
export const NOT_A_MEMBER = 'You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members.';
/** 403 to a panel admin on the routes of an existing workspace they are not a member of, naming its uuid in the path to use. */
export const notAMember = (workspaceUuid: string): ApiError => new ApiError(403, NOT_A_MEMBER.replace('{uuid}', workspaceUuid));
export const notFound = (message: string): ApiError => new ApiError(404, message);
export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const validationFailed = (errors: FieldErrors): ApiError => new ApiError(422, Messages.validation, errors);
export const tooManyAttempts = (retryAfterSeconds: number): ApiError =>
  new ApiError(429, Messages.tooManyAttempts, undefined, { 'Retry-After': String(retryAfterSeconds) });
