import { randomBytes } from 'node:crypto';

/** An answer of the local Graph API: status, JSON body, extra headers. */
export interface GraphAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The fields of a Graph error object (`{error: {...}}`). */
export interface GraphErrorFields {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
}

/** Graph answers errors as `{error: {message, type, code, error_subcode, fbtrace_id}}`, with HTTP 400 unless told. */
export function graphError(fields: GraphErrorFields, status = 400, headers: Record<string, string> = {}): GraphAnswer {
  const { type = 'OAuthException', ...rest } = fields;
  return { status, headers, body: { error: { ...rest, type, fbtrace_id: randomBytes(8).toString('base64url') } } };
}

export const ok = (body: unknown, headers: Record<string, string> = {}): GraphAnswer => ({ status: 200, body, headers });

/** The object is not there, or not for this token (Graph does not tell which). */
export const missingObject = (id: string): GraphAnswer =>
  graphError({
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

export const invalidParameter = (message: string): GraphAnswer => graphError({ message: `(#100) ${message}`, code: 100 });

/** A token Graph cannot use: unreadable, expired or invalidated. */
export const invalidToken = (message = 'Invalid OAuth access token - Cannot parse access token'): GraphAnswer =>
  graphError({ message, code: 190 }, 400, { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` });

/** The Page's Business Use Case limit is reached: error 80001, and the usage header says when access comes back (minutes). */
export const pageThrottled = (pageId: string, minutes: number): GraphAnswer =>
  graphError(
    { message: 'There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.', code: 80001 },
    400,
    { 'x-business-use-case-usage': businessUseCaseUsage(pageId, 100, minutes) },
  );

/** `X-Business-Use-Case-Usage`: per business object, its usage (percentages) and the minutes until access comes back. */
export const businessUseCaseUsage = (pageId: string, callCount: number, minutes: number): string =>
  JSON.stringify({ [pageId]: [{ type: 'pages', call_count: callCount, total_cputime: Math.min(callCount, 25), total_time: Math.min(callCount, 25), estimated_time_to_regain_access: minutes }] });

/** `X-App-Usage`: the app's usage over the last hour, in percent. */
export const appUsage = (callCount: number): string => JSON.stringify({ call_count: callCount, total_cputime: 1, total_time: 1 });

/** The upload host answers its own errors as `{debug_info: {retriable, type, message}}`. */
export const uploadError = (status: number, type: string, message: string, retriable = false): GraphAnswer => ({ status, body: { debug_info: { retriable, type, message } } });

/** Graph's times: ISO 8601 with a `+0000` offset, no milliseconds. */
export const graphTime = (epochMs: number): string => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, '+0000');
