import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Where the document and the types made from it are kept, from the repository's root. */
export const OPENAPI_DOCUMENT_FILE = 'docs/openapi.json';
export const CLIENT_TYPES_FILE = 'libs/client/src/api-schema.ts';

const HEADER = `/* The API's types, made by \`npm run openapi\` from ${OPENAPI_DOCUMENT_FILE} (openapi-typescript): do not edit. */\n/* eslint-disable max-lines */\n\n`;

/** The document as it is written to its file: two-space JSON with a final newline. */
export const documentText = (document: OpenAPIObject): string => `${JSON.stringify(document, null, 2)}\n`;

/** The TypeScript types of the document's paths and schemas, for openapi-fetch. */
export async function clientTypesOf(document: OpenAPIObject): Promise<string> {
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { alphabetize: false, silent: true });
  return HEADER + astToString(ast);
}
