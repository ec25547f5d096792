import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIObject } from '@nestjs/swagger';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_TYPES_FILE, clientTypesOf, documentText, OPENAPI_DOCUMENT_FILE } from './client-types';
import { errorMessage } from '@app/errors';

const REGENERATE = 'run `npm run openapi` and commit the files it writes';

/** The two files made from the gateway's OpenAPI document, as they must read. */
async function expectedFiles(document: OpenAPIObject): Promise<Array<[file: string, text: string]>> {
  return [
    [OPENAPI_DOCUMENT_FILE, documentText(document)],
    [CLIENT_TYPES_FILE, await clientTypesOf(document)],
  ];
}

/** Writes the document and the client's types under `root` (the repository). */
export async function writeOpenApiFiles(root: string, document: OpenAPIObject): Promise<string[]> {
  const files = await expectedFiles(document);
  for (const [file, text] of files) writeFileSync(join(root, file), text);
  return files.map(([file]) => file);
}

/**
 * What is wrong with the files under `root`: each that differs from what the code makes (the code
 * changed the API and nobody regenerated them, or someone edited them by hand), and the document's
 * faults as swagger-parser finds them (the OpenAPI 3.0 schema, every $ref resolved). Empty when
 * all is well.
 */
export async function problemsOfOpenApiFiles(root: string, document: OpenAPIObject): Promise<string[]> {
  const problems: string[] = [];
  for (const [file, text] of await expectedFiles(document)) {
    const found = readIfThere(join(root, file));
    if (found === null) problems.push(`${file} is missing: ${REGENERATE}`);
    else if (found !== text) problems.push(`${file} is not what the code makes (${firstDifference(found, text)}): ${REGENERATE}`);
  }
  try {
    await SwaggerParser.validate(JSON.parse(readFileSync(join(root, OPENAPI_DOCUMENT_FILE), 'utf8')));
  } catch (error) {
    problems.push(`${OPENAPI_DOCUMENT_FILE} is not a valid OpenAPI document: ${errorMessage(error)}`);
  }
  return problems;
}

function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** `line 12: "..." where the code makes "..."`. */
function firstDifference(found: string, expected: string): string {
  const foundLines = found.split('\n');
  const expectedLines = expected.split('\n');
  const line = foundLines.findIndex((text, index) => text !== expectedLines[index]);
  const at = line < 0 ? foundLines.length : line;
  return `line ${at + 1}: ${JSON.stringify(foundLines[at] ?? '')} where the code makes ${JSON.stringify(expectedLines[at] ?? '')}`;
}
