import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIObject } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_TYPES_FILE, clientTypesOf, documentText, OPENAPI_DOCUMENT_FILE } from './client-types';
import { errorMessage } from '@app/errors';
import { GeneratedFile, problemsOfGeneratedFiles, writeGeneratedFiles } from '../generated-files';

const REGENERATE = 'run `npm run openapi` and commit the files it writes';

/** The two files made from the gateway's OpenAPI document, as they must read. */
async function expectedFiles(document: OpenAPIObject): Promise<GeneratedFile[]> {
  return [
    [OPENAPI_DOCUMENT_FILE, documentText(document)],
    [CLIENT_TYPES_FILE, await clientTypesOf(document)],
  ];
}

/** Writes the document and the client's types under `root` (the repository). */
export async function writeOpenApiFiles(root: string, document: OpenAPIObject): Promise<string[]> {
  return writeGeneratedFiles(root, await expectedFiles(document));
}

/**
 * What is wrong with the files under `root`: each that differs from what the code makes, and the
 * document's faults as swagger-parser finds them (the OpenAPI 3.0 schema, every $ref resolved).
 * Empty when all is well.
 */
export async function problemsOfOpenApiFiles(root: string, document: OpenAPIObject): Promise<string[]> {
  const problems = problemsOfGeneratedFiles(root, await expectedFiles(document), REGENERATE);
  try {
    await SwaggerParser.validate(JSON.parse(readFileSync(join(root, OPENAPI_DOCUMENT_FILE), 'utf8')));
  } catch (error) {
    problems.push(`${OPENAPI_DOCUMENT_FILE} is not a valid OpenAPI document: ${errorMessage(error)}`);
  }
  return problems;
}
