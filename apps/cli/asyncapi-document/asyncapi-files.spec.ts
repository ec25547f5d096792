import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { problemsOfGeneratedFiles } from '../generated-files';
import { ASYNCAPI_DOCUMENT_FILE, asyncApiFiles } from './asyncapi-files';
import { MESSAGE_SCHEMAS_FILE } from './message-schemas';

const root = join(__dirname, '../../..');

describe('docs/asyncapi.yaml and the message schemas are made from the message types', () => {
  const files = asyncApiFiles(root);

  it('are committed as the types make them (`npm run asyncapi` writes them)', () => {
    expect(problemsOfGeneratedFiles(root, files, 'run `npm run asyncapi`')).toEqual([]);
  });

  it('says which file is stale, on which line, and how to make it again', () => {
    const copy = mkdtempSync(join(tmpdir(), 'asyncapi-'));
    try {
      for (const [file, text] of files) writeFileSync(join(copy, file.replaceAll('/', '_')), text);
      const edited: Array<[string, string]> = files.map(([file, text]) => [file.replaceAll('/', '_'), text]);
      const stale = readFileSync(join(copy, edited[0][0]), 'utf8').replace('format: uuid', 'format: uri');
      writeFileSync(join(copy, edited[0][0]), stale);
      const problems = problemsOfGeneratedFiles(copy, edited, 'run `npm run asyncapi`');
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^docs_asyncapi\.yaml is not what the code makes \(line \d+: ".*format: uri.*" where the code makes ".*format: uuid.*"\): run `npm run asyncapi`$/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('describes each message type with the words of its doc comments and the tags it carries', () => {
    const document = files.find(([file]) => file === ASYNCAPI_DOCUMENT_FILE)![1];
    expect(document).toContain('title: Publishing started waitedMs ago and results are missing'); // the channels' words
    expect(document).toContain('      payload:\n        $ref: "#/components/schemas/StartPublishingMessage"');
    const schemas = JSON.parse(files.find(([file]) => file === MESSAGE_SCHEMAS_FILE)![1]) as { definitions: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    expect(schemas.definitions.StartPublishingMessage.properties.scheduledRevision).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schemas.definitions.PostView.properties.uuid).toEqual({ type: 'string', format: 'uuid' });
    expect(schemas.definitions.PostView.properties.scheduled_at).toMatchObject({ type: ['string', 'null'], format: 'date-time', description: expect.stringContaining('When the post is due') });
  });
});
