/** What reading a CSV text found: its records (the header first), or why it is not CSV. */
export type CsvTable = { ok: true; records: string[][] } | { ok: false; error: string };

export const CsvMessages = {
  unclosedQuote: 'The CSV has a quoted field that is not closed.',
  textAfterQuote: 'The CSV has text after the closing quote of a field; double a quote inside a quoted field.',
} as const;

/**
 * The records of a CSV text as RFC 4180 writes them: fields separated by commas, records by CRLF
 * or LF; a field in double quotes may hold commas, line breaks and quotes (doubled). A leading
 * byte order mark is dropped, and so are empty lines (a final line break included). A quote inside
 * a field that does not start with one is kept as it is, as spreadsheets read it.
 */
export function readCsv(text: string): CsvTable {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== '' || fieldStarted) records.push(record);
    record = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (source[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
        const next = source[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') return { ok: false, error: CsvMessages.textAfterQuote };
      }
    } else if (char === '"' && field === '') {
      quoted = fieldStarted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
    } else field += char;
  }
  if (quoted) return { ok: false, error: CsvMessages.unclosedQuote };
  if (field !== '' || record.length > 0 || fieldStarted) endRecord();
  return { ok: true, records };
}
