import { HttpAnswer } from '../http/provider-http';

/**
 * The error object of Meta's Graph APIs (Facebook, Instagram, Threads):
 * `{error: {message, type, code, error_subcode, error_user_title, error_user_msg, is_transient, fbtrace_id}}`.
 */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
}

/** The platform refuses the access token (expired, revoked, the password changed, the app removed). */
export const INVALID_TOKEN_CODE = 190;

/** Throttling of every Graph API: the app (4), the user (17), the Page (32), an API's own limit (613). */
export const GRAPH_THROTTLING_CODES: readonly number[] = [4, 17, 32, 613];

/** The usage headers that may carry `estimated_time_to_regain_access` (minutes). */
export const GRAPH_USAGE_HEADERS: readonly string[] = ['x-business-use-case-usage', 'x-app-usage', 'x-page-usage'];

/** The answer's Graph error object, or null when it carries none. */
export function graphErrorOf(answer: HttpAnswer): GraphError | null {
  if (answer.kind !== 'answer' || !answer.body || typeof answer.body !== 'object') return null;
  const error = (answer.body as { error?: unknown }).error;
  return error && typeof error === 'object' ? (error as GraphError) : null;
}

/** The Graph API's answer for an object that is not there (any more): code 100 with subcode 33 ("Unsupported get request. Object with ID ... does not exist"), or a 404. */
export function isMissingObject(answer: HttpAnswer): boolean {
  if (answer.kind !== 'answer') return false;
  const error = graphErrorOf(answer);
  return answer.status === 404 || (error?.code === 100 && error.error_subcode === 33);
}

/**
 * The wait the usage headers ask for: the largest `estimated_time_to_regain_access` (minutes)
 * found in them (`X-Business-Use-Case-Usage` is `{<business id>: [{type, call_count, ...,
 * estimated_time_to_regain_access}]}`), in ms; null when none says.
 */
export function regainAccessMs(headers: Record<string, string | undefined>, names: readonly string[] = GRAPH_USAGE_HEADERS): number | null {
  let minutes: number | null = null;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [name, field] of Object.entries(value)) {
        if (name === 'estimated_time_to_regain_access' && typeof field === 'number' && Number.isFinite(field)) minutes = Math.max(minutes ?? 0, field);
        else visit(field);
      }
    }
  };
  for (const name of names) {
    const header = headers[name];
    if (!header) continue;
    try {
      visit(JSON.parse(header));
    } catch {
      // A header that is not JSON says nothing about the wait.
    }
  }
  return minutes === null ? null : Math.max(0, Math.round(minutes * 60_000));
}
