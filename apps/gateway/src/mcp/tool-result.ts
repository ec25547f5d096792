import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Messages } from '@app/contracts';
import type { FieldErrors } from '../http/api-error';

/** What the API answered a tool's request. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The answer's text: JSON, or empty (204). */
  text: string;
}

/**
 * The result of a tool call from the API's answer. A success is the answer's JSON, as text and as
 * structured content when it is an object; an error (any status from 400) is a tool error, never a
 * protocol error: `{status, message, errors?}` with the API's own message and field errors, and
 * `retry_after_seconds` after a 429.
 */
export function toolResultOf(answer: ApiAnswer): CallToolResult {
  const body = parseJson(answer.text);
  if (answer.status >= 400) {
    const fields = isObject(body) ? body : {};
    const retryAfter = Number(answer.headers['retry-after']);
    return toolError({
      status: answer.status,
      message: typeof fields.message === 'string' ? fields.message : `The API answered ${answer.status}.`,
      ...(isObject(fields.errors) ? { errors: fields.errors } : {}),
      ...(answer.status === 429 && Number.isFinite(retryAfter) ? { retry_after_seconds: retryAfter } : {}),
    });
  }
  if (answer.text === '') return { content: [{ type: 'text', text: `Done (HTTP ${answer.status}, nothing to show).` }] };
  return {
    content: [{ type: 'text', text: JSON.stringify(body, null, 2) }],
    ...(isObject(body) ? { structuredContent: body } : {}),
  };
}

/** Field errors of a call that never reached the API (a path argument missing), worded as the API words them. */
export const toolValidationError = (errors: FieldErrors): CallToolResult => toolError({ status: 422, message: Messages.validation, errors });

function toolError(error: { status: number; message: string } & Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error, null, 2) }], structuredContent: error };
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
