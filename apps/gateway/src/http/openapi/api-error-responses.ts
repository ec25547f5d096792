import { applyDecorators, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { ApiBody, ApiResponse } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { RpcFailures } from '@app/messaging';
import { NOT_A_MEMBER } from '../api-error';
import { ErrorBodyDoc, ValidationErrorBodyDoc } from './error-body.doc';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 422 | 429 | 503;

/** Per status, when an operation answers it (the body is the contract's `{message}`, 422 adds `errors`). */
export type ErrorDescriptions = Partial<Record<ErrorStatus, string>>;

/** When the errors that many operations share happen, worded once. */
export const Failures = {
  unauthenticated: `Missing, unknown, revoked or expired token: "${Messages.unauthenticated}"`,
  notAdmin: `The caller is not an admin: "${Messages.unauthorized}"`,
  viewer: `The caller is a viewer of the workspace, and viewers only read: "${Messages.unauthorized}"`,
  workspaceNotFound: `The workspace does not exist, or the caller is not a member of it (nor a panel admin): "${Messages.workspaceNotFound}"`,
  notAMember: `The caller is a panel admin but not a member of the workspace: "${NOT_A_MEMBER}" (with the workspace's uuid)`,
  rateLimited: `The token used up its requests of the minute: "${Messages.tooManyAttempts}"; Retry-After says when to come back.`,
  notJson: `The body is not JSON: "${Messages.invalidJson}"`,
  tooLarge: 'The body is over 1 MB: "The request body is too large."',
  validation: `Invalid fields, all reported at once: "${Messages.validation}" with \`errors\`.`,
  unavailable: `A service behind the gateway did not answer in time ("${RpcFailures.timedOut}") or is not available ("${RpcFailures.notAvailable}"); the request can be repeated.`,
} as const;

const RETRY_AFTER = { 'Retry-After': { description: 'seconds to wait, at least 1', schema: { type: 'integer', minimum: 1 } } };

/**
 * Documents error responses. Applied twice to the same status, the descriptions add up (Nest's
 * ApiResponse merges them), so a controller-wide cause and a use case's own one both show.
 */
export const ApiErrorResponses = (descriptions: ErrorDescriptions): MethodDecorator & ClassDecorator =>
  applyDecorators(
    ...Object.entries(descriptions).map(([status, description]) =>
      ApiResponse({
        status: Number(status),
        description,
        type: status === '422' ? ValidationErrorBodyDoc : ErrorBodyDoc,
        ...(status === '429' ? { headers: RETRY_AFTER } : {}),
      }),
    ),
  );

/**
 * A JSON request body of this shape, with one example that the API accepts (an end-to-end test
 * sends each to a started service); any body that is not JSON or too large is refused before the route.
 */
export const ApiJsonBody = (type: Type<unknown>, example: object): MethodDecorator =>
  applyDecorators(ApiBody({ type, examples: { example: { summary: 'accepted as it is', value: example } } }), ApiErrorResponses({ 400: Failures.notJson, 413: Failures.tooLarge }));

/**
 * Errors that follow from how a whole controller is guarded, added to each of its routes. A class
 * decorator runs after its methods' decorators, so these come after the route's own descriptions.
 */
export const ApiErrorResponsesOfEachRoute =
  (errorsOf: (httpMethod: string) => ErrorDescriptions): ClassDecorator =>
  (target) => {
    for (const key of Object.getOwnPropertyNames(target.prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(target.prototype, key);
      if (key === 'constructor' || typeof descriptor?.value !== 'function') continue;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, descriptor.value) as RequestMethod | undefined;
      if (requestMethod === undefined) continue;
      ApiErrorResponses(errorsOf(RequestMethod[requestMethod]))(target.prototype, key, descriptor);
    }
  };
