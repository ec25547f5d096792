import openapiTS, { astToString, NULL, tsUnion } from 'openapi-typescript';
import type { OpenAPIObject } from '@nestjs/swagger';
import ts from 'typescript';

/** Where the document and the types made from it are kept, from the repository's root. */
export const OPENAPI_DOCUMENT_FILE = 'docs/openapi.json';
export const CLIENT_TYPES_FILE = 'libs/client/src/api-schema.ts';

const HEADER = `/* The API's types, made by \`npm run openapi\` from ${OPENAPI_DOCUMENT_FILE} (openapi-typescript): do not edit. */\n/* eslint-disable max-lines */\n\n`;

/** The document as it is written to its file: two-space JSON with a final newline. */
export const documentText = (document: OpenAPIObject): string => `${JSON.stringify(document, null, 2)}\n`;

/** A file's bytes: what a browser uploads (a File) and what fetch reads (response.blob()). */
const BLOB = ts.factory.createTypeReferenceNode('Blob');

/** The TypeScript types of the document's paths and schemas, for openapi-fetch; a binary string is a Blob. */
export async function clientTypesOf(document: OpenAPIObject): Promise<string> {
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    alphabetize: false,
    silent: true,
    // A field with a default may still be left out of a request body.
    defaultNonNullable: false,
    transform: (schema) => (schema.format !== 'binary' ? undefined : schema.nullable ? tsUnion([BLOB, NULL]) : BLOB),
  });
  return HEADER + astToString(ast);
}
