/** A schema of the OpenAPI document, or the JSON Schema made of it: read and written key by key. */
export type SchemaObject = Record<string, unknown>;

/** The parts of an OpenAPI 3.0 document a tool's schema is made from. */
export interface OpenApiSchemas {
  components?: { schemas?: Record<string, unknown> };
}

const REF_PREFIX = '#/components/schemas/';

/**
 * The JSON Schema (draft 2020-12, as MCP tools declare their input) of an OpenAPI 3.0 schema:
 * every `$ref` to a component written out in place (a client gets one self-contained schema; a
 * component that would contain itself becomes `{}`), `nullable: true` as a `null` type beside the
 * others, and `example` as `examples`.
 */
export function jsonSchemaOf(schema: unknown, document: OpenApiSchemas, expanding: ReadonlySet<string> = new Set()): SchemaObject {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return {};
  const source = schema as SchemaObject;
  if (typeof source.$ref === 'string') return referencedSchema(source.$ref, document, expanding);
  const result: SchemaObject = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || key === 'example') continue;
    if (key === 'properties' && isRecord(value)) {
      result.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, jsonSchemaOf(property, document, expanding)]));
    } else if ((key === 'items' || key === 'additionalProperties' || key === 'not') && isRecord(value)) {
      result[key] = jsonSchemaOf(value, document, expanding);
    } else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      result[key] = value.map((member) => jsonSchemaOf(member, document, expanding));
    } else {
      result[key] = value;
    }
  }
  if ('example' in source) result.examples = [source.example];
  return source.nullable === true ? nullableOf(result) : result;
}

function referencedSchema(ref: string, document: OpenApiSchemas, expanding: ReadonlySet<string>): SchemaObject {
  const name = ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : null;
  const target = name === null ? undefined : document.components?.schemas?.[name];
  if (name === null || target === undefined) throw new Error(`The OpenAPI document has no schema ${ref}`);
  if (expanding.has(name)) return {};
  return jsonSchemaOf(target, document, new Set([...expanding, name]));
}

/** `type: 'string'` becomes `type: ['string', 'null']` (and an enum takes null); a schema without a type is one of itself or null. */
function nullableOf(schema: SchemaObject): SchemaObject {
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema = { ...schema, enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type)) return { ...schema, type: [...new Set([...schema.type, 'null'])] };
  return { anyOf: [schema, { type: 'null' }] };
}

const isRecord = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);
