import type { OpenAPIObject } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { FieldMessages } from '@app/domain';

type Json = Record<string, unknown>;
interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Json }>;
  requestBody?: { content: Record<string, { schema?: Json }> };
  responses: Record<string, { description?: string; content?: Record<string, Json> }>;
}

/** The messages a status always answers with, whatever the route (403: unless its description quotes its own). */
const FIXED_MESSAGES: Record<string, string> = {
  '401': Messages.unauthenticated,
  '403': Messages.unauthorized,
};

/**
 * Gives every error response of the document (the `{message}` bodies of the contract) examples of
 * what it answers: 401 `Unauthenticated.`, 422 a validation error under a field of the operation,
 * and every other status the messages its description quotes, the route's own first (a 404 of a
 * post: `Post not found.`, then `Workspace not found.`); a 403 that quotes none, `This action is unauthorized.`.
 */
export function withErrorExamples(document: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      if (!operation || typeof operation !== 'object' || !operation.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        const schemaRef = (media?.schema as Json | undefined)?.$ref;
        if (!media || (schemaRef !== '#/components/schemas/Error' && schemaRef !== '#/components/schemas/ValidationError')) continue;
        const bodies = status === '422' ? [validationExampleOf(document, operation)] : messagesOf(status, response.description ?? '').map((message) => ({ message }));
        if (bodies.length === 0) continue;
        media.examples = Object.fromEntries(bodies.map((body) => [exampleName(body), { value: body }]));
      }
    }
  }
  return document;
}

/** The messages of a status: fixed for 401, those the description quotes (sentences, not field names) for the others, and for a 403 that quotes none the fixed one. */
function messagesOf(status: string, description: string): string[] {
  if (status === '401') return [FIXED_MESSAGES[status]];
  const quoted = [...new Set([...description.matchAll(/"([A-Z][^"]*[.!?])"/g)].map((match) => match[1]))];
  return quoted.length === 0 && FIXED_MESSAGES[status] ? [FIXED_MESSAGES[status]] : quoted;
}

/** A validation error the operation may answer: a required field of its body missing, or a query parameter outside its set. */
function validationExampleOf(document: OpenAPIObject, operation: Operation): { message: string; errors: Record<string, string[]> } {
  const bodySchema = resolve(document, Object.values(operation.requestBody?.content ?? {})[0]?.schema);
  const properties = Object.keys((bodySchema?.properties as Json | undefined) ?? {});
  const field = (bodySchema?.required as string[] | undefined)?.[0] ?? properties[0];
  if (field) return { message: Messages.validation, errors: { [field]: [FieldMessages.required(field)] } };
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const values = resolve(document, parameter.schema)?.enum as string[] | undefined;
    if (values) return { message: Messages.validation, errors: { [parameter.name]: [FieldMessages.selectedInvalidAmong(parameter.name, values)] } };
    if (parameter.schema?.type === 'integer') return { message: Messages.validation, errors: { [parameter.name]: [FieldMessages.integer(parameter.name)] } };
  }
  return { message: Messages.validation, errors: {} };
}

function resolve(document: OpenAPIObject, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return (document.components?.schemas as Record<string, Json> | undefined)?.[ref.split('/').pop()!];
}

/** `Post not found.` -> `post-not-found`; a validation error is named by its field. */
function exampleName(body: { message: string; errors?: Record<string, string[]> }): string {
  const field = body.errors ? Object.keys(body.errors)[0] : undefined;
  const text = field ? `invalid ${field}` : body.message;
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'error';
}
