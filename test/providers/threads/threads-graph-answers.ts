import { randomBytes } from 'node:crypto';

/** What a handler of the local Threads server answers: a status, a JSON body (or none) and headers. */
export interface GraphAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A user of Threads, as `GET /me` describes them. */
export interface ThreadsUser {
  id: string;
  username: string;
  name: string;
}

interface GraphErrorFields {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

/** An error as the Graph APIs answer it: `{error: {message, type, code, error_subcode?, fbtrace_id}}`, HTTP 400 unless told. */
export function graphError(fields: GraphErrorFields, status = 400): GraphAnswer {
  const headers: Record<string, string> = fields.code === 190 ? { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${fields.message}"` } : {};
  return { status, body: { error: { ...fields, fbtrace_id: randomBytes(9).toString('base64url') } }, headers };
}

/** The Graph API's answer for an object that is not there or not the caller's. */
export const unsupportedRequest = (method: 'get' | 'post' | 'delete', id: string): GraphAnswer =>
  graphError({
    message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

/** A parameter the endpoint refuses (`(#100) ...`). */
export const invalidParameter = (message: string): GraphAnswer => graphError({ message: `(#100) ${message}`, type: 'THApiException', code: 100 });

/** A call the token's permissions do not cover. */
export const missingPermission = (): GraphAnswer => graphError({ message: '(#10) Application does not have permission for this action', type: 'THApiException', code: 10 });

/** `threads_publish` of a container that is not ready (or no longer publishable): what Threads answers, as seen in the field. */
export const mediaNotFound = (id: string): GraphAnswer =>
  graphError({
    message: 'The requested resource does not exist',
    type: 'OAuthException',
    code: 24,
    error_subcode: 4279009,
    is_transient: false,
    error_user_title: 'Media Not Found',
    error_user_msg: `The media with id ${id} cannot be found.`,
  });

/** The profile has used its publishing quota (250 posts in 24 hours). */
export const publishingLimitReached = (): GraphAnswer => graphError({ message: 'Application request limit reached', type: 'OAuthException', code: 4, is_transient: true });

/** Graph timestamps: ISO 8601 with a `+0000` offset and no milliseconds. */
export const graphTimestamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, '+0000');

/** The requested `fields` of an object, `id` always. */
export function selectFields(object: Record<string, unknown>, fields: string | null, defaults: readonly string[] = ['id']): Record<string, unknown> {
  const names = fields ? fields.split(',').map((name) => name.trim()) : defaults;
  const selected: Record<string, unknown> = { id: object.id };
  for (const name of names) if (object[name] !== undefined) selected[name] = object[name];
  return selected;
}
