import Ajv, { type ErrorObject } from 'ajv';
import MESSAGE_SCHEMAS from './message-schemas.json';

/** The contract types messages are read as. */
export type MessageSchemaName = keyof typeof MESSAGE_SCHEMAS.definitions;

/**
 * A value that crossed a process boundary (a message, a request) is read against the JSON Schema
 * of its contract type, made from that type (`npm run asyncapi`): there is no second description
 * of a message to keep in step with it. What the schema does not name is left out of the value; a
 * value that breaks it throws DecodeError naming the first field that is not what the type says.
 * Each reader words the error its own way (a dead letter, a bad request).
 */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';

  constructor(
    /** Where the value is wrong, in dot notation from the decoded value (`post.versions.0.content`). */
    readonly path: string,
    /** What it must be, in words (`a list`, `a whole number of 0 or more`). */
    readonly expected: string,
  ) {
    super(`${path} must be ${expected}`);
  }
}

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  minimum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
}

const definitions = MESSAGE_SCHEMAS.definitions as unknown as Record<string, Schema>;

const ajv = new Ajv({ strict: false, removeAdditional: true, verbose: true, code: { lines: false } })
  // A date is any text that reads as one, as every reader of these messages reads it; ids are texts.
  .addFormat('date-time', { type: 'string', validate: (text: string) => !Number.isNaN(Date.parse(text)) })
  .addFormat('uuid', true)
  .addSchema({ $id: 'messages', definitions });

/**
 * The reader of one contract type: the value itself, typed (fields the type does not name
 * removed), or DecodeError. `root` names the value in the error when the value itself is wrong.
 */
export function messageReader<T>(type: MessageSchemaName, root: string): (value: unknown) => T {
  let validate: ReturnType<typeof ajv.getSchema>;
  return (value) => {
    validate ??= ajv.getSchema(`messages#/definitions/${type}`)!;
    if (validate(value)) return value as T;
    throw decodeErrorOf(validate.errors!.find((error) => error.keyword !== 'if')!, root);
  };
}

function decodeErrorOf(error: ErrorObject, root: string): DecodeError {
  const steps = error.instancePath.split('/').slice(1).map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return new DecodeError([...steps, missing].join('.'), describe((error.parentSchema as Schema).properties?.[missing] ?? {}));
  }
  return new DecodeError(steps.length > 0 ? steps.join('.') : root, describe(error.parentSchema as Schema));
}

/** What a schema asks for, in words (`a text`, `one of draft, scheduled`, `an object or null`). */
function describe(schema: Schema): string {
  if (schema.$ref) return describe(definitions[schema.$ref.replace('#/definitions/', '')] ?? {});
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.const !== undefined) return String(schema.const);
  if (schema.anyOf) return schema.anyOf.map(describe).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.length > 0 ? types.map((type) => describeType(type, schema)).join(' or ') : 'what the contract says';
}

function describeType(type: string, schema: Schema): string {
  if (type === 'string') return schema.format === 'date-time' ? 'a date' : 'a text';
  if (type === 'integer') return schema.minimum === 0 ? 'a whole number of 0 or more' : 'a whole number';
  const words: Record<string, string> = { number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object', null: 'null' };
  return words[type] ?? type;
}
