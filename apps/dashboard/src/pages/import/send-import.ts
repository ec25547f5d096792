import { answer, api, type Post } from '../../api';

/** A file chosen to import: its text, sent as CSV or, for a `.json` file, as the JSON array it holds. */
export interface ImportFile {
  name: string;
  text: string;
}

export interface ImportRowReport {
  row: number;
  errors: Record<string, string[]>;
}

/** A key for one import's Idempotency-Key: 128 random bits (getRandomValues, which pages served over plain HTTP have too). */
export const newImportKey = (): string => `import-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

const isJsonFile = (file: ImportFile): boolean => /\.json$/i.test(file.name);

/**
 * `POST /api/{ws}/posts/import`: the file's rows checked (`dryRun`), or created all or none. A CSV
 * file goes as it is (`text/csv`: the server reads it); a JSON file as its array (a file that is
 * not JSON is sent as it is, and the server says what is wrong with it).
 */
export function sendImport(workspaceUuid: string, file: ImportFile, options: { dryRun: true }): Promise<{ valid: boolean; rows: ImportRowReport[] }>;
export function sendImport(workspaceUuid: string, file: ImportFile, options: { dryRun: false; idempotencyKey: string }): Promise<{ data: Post[] }>;
export function sendImport(workspaceUuid: string, file: ImportFile, options: { dryRun: boolean; idempotencyKey?: string }): Promise<unknown> {
  const json = isJsonFile(file);
  const params = {
    path: { workspaceUuid },
    query: { dry_run: options.dryRun ? ('true' as const) : ('false' as const) },
    header: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
  };
  return answer(
    api.POST('/api/{workspaceUuid}/posts/import', {
      params,
      body: file.text as never,
      bodySerializer: (text: unknown) => text as string,
      headers: { 'content-type': json ? 'application/json' : 'text/csv' },
    }),
  );
}
