import { join } from 'node:path';
import { createGenerator, type Definition } from 'ts-json-schema-generator';

/**
 * The types whose JSON Schemas the product publishes and reads messages with: the messages of each
 * topic (docs/asyncapi.yaml describes them) and the post requests the post-service answers.
 */
export const MESSAGE_TYPES = ['PostEventMessage', 'PostCommandMessage', 'AccountEventMessage', 'PostActionRequest', 'PostContentRequest'] as const;

/** Where the schemas are written, for the contracts' readers of messages. */
export const MESSAGE_SCHEMAS_FILE = 'libs/contracts/src/decoding/message-schemas.json';

export type Schemas = Record<string, Definition>;

/**
 * The JSON Schema (draft 7) of each message type and of every exported type it is made of, by name,
 * read from the contracts' TypeScript sources under `root`: their doc comments are the
 * descriptions, and their tags (`@format uuid`, `@asType integer`, `@discriminator type`) what a
 * type cannot say. References point into the same record (`#/definitions/Name`).
 */
export function messageSchemas(root: string): Schemas {
  const generator = createGenerator({
    path: join(root, 'libs/contracts/src/index.ts'),
    tsconfig: join(root, 'tsconfig.json'),
    skipTypeCheck: true,
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    additionalProperties: false,
    sortProps: false,
  });
  const schemas: Schemas = {};
  for (const type of MESSAGE_TYPES) Object.assign(schemas, generator.createSchema(type).definitions);
  return sortedByName(schemas);
}

function sortedByName(schemas: Schemas): Schemas {
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

/** The schemas with their references into `#/<path>/` instead (`components/schemas`, for an AsyncAPI document). */
export function referencedAt(schemas: Schemas, path: string): Schemas {
  return JSON.parse(JSON.stringify(schemas).replaceAll('"#/definitions/', `"#/${path}/`)) as Schemas;
}
