import { FieldErrorBag, FieldErrors, FieldMessages, isAbsent, isFields, reportUnknownFields } from '@app/domain';
import { readCsv } from './csv-table';

/** The columns a row of an import may have (PRODUCT.md, "Import, feeds and recycling"); any other is refused. */
export const IMPORT_COLUMNS = ['text', 'accounts', 'scheduled_at', 'queue', 'media', 'tags'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const ImportLimits = { rows: 500 } as const;

export const ImportMessages = {
  notRows: 'The import must be a JSON array of rows, or CSV with a header row sent as Content-Type: text/csv.',
  noRows: 'The import has no rows.',
  tooManyRows: (count: number) => `An import takes at most ${ImportLimits.rows} rows; this one has ${count}. Split it into several imports.`,
  rowNotObject: 'Each row must be an object.',
  moreFieldsThanHeader: 'The row has more fields than the header names.',
} as const;

/** The rows of an import, or the errors (under `rows`, or `rows.N`) that refuse it as a whole. */
export type ImportTable = { ok: true; rows: Array<Record<string, unknown>> } | { ok: false; errors: FieldErrors };

const refused = (key: string, message: string): ImportTable => ({ ok: false, errors: { [key]: [message] } });

/**
 * The rows of an import body: CSV text (a header row, then one record a row) or a JSON array of
 * objects; at most ImportLimits.rows of them.
 */
export function readImportTable(body: unknown): ImportTable {
  const table = typeof body === 'string' ? rowsOfCsv(body) : Array.isArray(body) ? rowsOfJson(body) : refused('rows', ImportMessages.notRows);
  if (!table.ok) return table;
  if (table.rows.length === 0) return refused('rows', ImportMessages.noRows);
  if (table.rows.length > ImportLimits.rows) return refused('rows', ImportMessages.tooManyRows(table.rows.length));
  return table;
}

function rowsOfCsv(text: string): ImportTable {
  const csv = readCsv(text);
  if (!csv.ok) return refused('rows', csv.error);
  const [header = [], ...records] = csv.records;
  const names = header.map((name) => name.trim());
  const errors = new FieldErrorBag();
  const rows = records.map((record, index) => {
    if (record.length > names.length) errors.add(`rows.${index}`, ImportMessages.moreFieldsThanHeader);
    return Object.fromEntries(names.map((name, column) => [name, record[column]]).filter(([, value]) => value !== undefined));
  });
  return errors.isEmpty ? { ok: true, rows } : { ok: false, errors: errors.toJSON() };
}

function rowsOfJson(items: unknown[]): ImportTable {
  if (items.length > ImportLimits.rows) return { ok: true, rows: items as Array<Record<string, unknown>> };
  const errors = new FieldErrorBag();
  items.forEach((item, index) => isFields(item) || errors.add(`rows.${index}`, ImportMessages.rowNotObject));
  return errors.isEmpty ? { ok: true, rows: items as Array<Record<string, unknown>> } : { ok: false, errors: errors.toJSON() };
}

/** A row read as the body of `POST posts` it stands for, and the errors of its columns that the body cannot tell (keyed by column). */
export interface ImportRowBody {
  body: Record<string, unknown>;
  errors: FieldErrors;
}

/** `a|b` as a list (a JSON row may give the list itself); empty parts dropped. */
const listOf = (value: unknown): unknown => (typeof value === 'string' ? value.split('|').map((part) => part.trim()).filter((part) => part !== '') : value);
const isBlank = (value: unknown): boolean => isAbsent(value) || (typeof value === 'string' && value.trim() === '');

/**
 * The post body a row stands for: its text as the original's one content item (with the row's
 * media), its accounts, its tags, and its schedule: `scheduled_at` schedules it then, `queue`
 * takes the queue's next free slot, neither makes a draft. The body's own rules are then those of
 * `POST posts` (PostInputReader); this only checks what the body cannot say of the row.
 */
export function importRowBody(row: Record<string, unknown>): ImportRowBody {
  const errors = new FieldErrorBag();
  reportUnknownFields(row, IMPORT_COLUMNS, '', errors);
  const { text, accounts, scheduled_at: scheduledAt, queue, media, tags } = row;
  if (isBlank(text)) errors.add('text', FieldMessages.required('text'));
  const accountIds = listOf(accounts);
  if (isBlank(accounts) || (Array.isArray(accountIds) && accountIds.length === 0)) errors.add('accounts', FieldMessages.required('accounts'));
  const queueWord = typeof queue === 'string' ? queue.trim().toLowerCase() : queue;
  const queued = queueWord === true || queueWord === 'true';
  if (!queued && !isBlank(queue) && queueWord !== false && queueWord !== 'false') errors.add('queue', FieldMessages.boolean('queue'));
  return {
    errors: errors.toJSON(),
    body: {
      versions: [{ account_id: 0, is_original: true, content: [{ body: text, media: isBlank(media) ? [] : listOf(media) }] }],
      accounts: accountIds,
      ...(!isBlank(tags) && { tags: listOf(tags) }),
      ...(!isBlank(scheduledAt) && { scheduled_at: scheduledAt, schedule: true }),
      ...(queued && { queue: true }),
    },
  };
}

/** The column of a row that a field of its post body comes from: the key its errors are reported under. */
export function importColumnOf(bodyField: string): string {
  if (/^versions\.\d+\.content\.\d+\.media(\.|$)/.test(bodyField)) return 'media';
  if (/^versions\.\d+\.options(\.|$)/.test(bodyField)) return 'accounts';
  const top = bodyField.split('.', 1)[0];
  if (top === 'versions') return 'text';
  if (['date', 'time', 'timezone', 'schedule', 'schedule_now'].includes(top)) return 'scheduled_at';
  return top;
}

/**
 * A row's errors: its post body's under their columns, each message once, beside the row's own
 * (which say more of a column than its body could: `text` missing, not an empty body).
 */
export function rowErrorsOf(bodyErrors: FieldErrors, ownErrors: FieldErrors = {}): FieldErrors {
  const errors = new FieldErrorBag();
  for (const [column, messages] of Object.entries(ownErrors)) for (const message of messages) errors.add(column, message);
  for (const [field, messages] of Object.entries(bodyErrors)) {
    const column = importColumnOf(field);
    if (!Object.hasOwn(ownErrors, column)) for (const message of messages) errors.add(column, message);
  }
  return errors.toJSON();
}
