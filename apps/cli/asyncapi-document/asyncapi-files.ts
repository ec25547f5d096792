import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { DEAD_LETTER_TOPICS, Topics } from '@app/contracts';
import { GeneratedFile } from '../generated-files';
import { MESSAGE_SCHEMAS_FILE, messageSchemas, referencedAt, Schemas } from './message-schemas';

export const ASYNCAPI_DOCUMENT_FILE = 'docs/asyncapi.yaml';

/** The channels, operations and messages of the document, in words; the payloads' schemas are made from the types. */
const CHANNELS_FILE = 'apps/cli/asyncapi-document/asyncapi-channels.yaml';

const HEADER = '# Made by `npm run asyncapi` from apps/cli/asyncapi-document/asyncapi-channels.yaml and the message types of libs/contracts: edit those, not this file.\n';

interface AsyncApiDocument {
  channels: Record<string, { address: string }>;
  components: { schemas: Schemas } & Record<string, unknown>;
}

/**
 * The files made from the message types under `root` (the repository): docs/asyncapi.yaml, the
 * channels' words with every payload's schema, and the schemas the contracts read messages with.
 */
export function asyncApiFiles(root: string): GeneratedFile[] {
  const schemas = messageSchemas(root);
  const channels = parse(readFileSync(join(root, CHANNELS_FILE), 'utf8')) as AsyncApiDocument;
  const document: AsyncApiDocument = { ...channels, components: { ...channels.components, schemas: { ...channels.components.schemas, ...referencedAt(schemas, 'components/schemas') } } };
  const problems = [...unknownReferences(document), ...undescribedTopics(document)];
  if (problems.length > 0) throw new Error(`${CHANNELS_FILE} does not describe the topics as the code has them: ${problems.join('; ')}`);
  return [
    [ASYNCAPI_DOCUMENT_FILE, HEADER + stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })],
    [MESSAGE_SCHEMAS_FILE, `${JSON.stringify({ definitions: schemas }, null, 2)}\n`],
  ];
}

/** Each `$ref` of the document that names nothing in it. */
function unknownReferences(document: AsyncApiDocument): string[] {
  const references = [...JSON.stringify(document).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((match) => match[1]);
  const resolves = (path: string) => path.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document) !== undefined;
  return [...new Set(references)].filter((path) => !resolves(path)).map((path) => `#/${path} names nothing`);
}

/** Each topic of the code (and its dead letters) without a channel. */
function undescribedTopics(document: AsyncApiDocument): string[] {
  const addresses = new Set(Object.values(document.channels).map((channel) => channel.address));
  return [...Object.values(Topics), ...DEAD_LETTER_TOPICS].filter((topic) => !addresses.has(topic)).map((topic) => `no channel has the address ${topic}`);
}
