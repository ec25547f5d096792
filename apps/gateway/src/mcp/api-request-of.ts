import { FieldMessages } from '@app/domain';
import type { FieldErrors } from '../http/api-error';
import type { ToolBinding } from './tool-binding';

/** What an HTTP header may carry: visible ASCII, spaces and tabs. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/** The API request a tool call makes: method, path with its query, the headers it adds and its body. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  /** An object of fields, or the value of the tool's body argument (an import's rows). */
  body?: unknown;
}

/**
 * The request of a tool call: its path arguments fill the path (each required: a path cannot do
 * without one), its query and header arguments go where the operation takes them, and every other
 * argument into the JSON body, for the API to validate as any request's. The path arguments it
 * lacks, or that are not a string or a number, and header arguments that a header cannot carry,
 * are field errors. A tool with a body argument sends that argument's value as the whole body.
 */
export function apiRequestOf(binding: ToolBinding, args: Record<string, unknown>): { request: ApiRequest } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  let path = binding.path;
  for (const [argument, parameter] of Object.entries(binding.pathArguments)) {
    const value = args[argument];
    if ((typeof value !== 'string' || value.trim() === '') && typeof value !== 'number') errors[argument] = [FieldMessages.required(argument)];
    else path = path.replace(`{${parameter}}`, encodeURIComponent(String(value)));
  }
  if (Object.keys(errors).length > 0) return { errors };

  const query = new URLSearchParams();
  for (const [argument, parameter] of Object.entries(binding.queryArguments)) {
    const value = args[argument];
    if (value !== undefined && value !== null) query.set(parameter, String(value));
  }
  const headers: Record<string, string> = {};
  for (const [argument, header] of Object.entries(binding.headerArguments)) {
    const value = args[argument];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') errors[argument] = [FieldMessages.string(argument)];
    else if (!HEADER_VALUE.test(value)) errors[argument] = [FieldMessages.invalidCharacters(argument)];
    else headers[header.toLowerCase()] = value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const taken = new Set([...Object.keys(binding.pathArguments), ...Object.keys(binding.queryArguments), ...Object.keys(binding.headerArguments)]);
  const fields = () => Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
  const body = !binding.takesBody ? undefined : binding.bodyArgument !== undefined ? args[binding.bodyArgument] : fields();
  const search = query.toString();
  return { request: { method: binding.method.toUpperCase() as ApiRequest['method'], url: search === '' ? path : `${path}?${search}`, headers, body } };
}
