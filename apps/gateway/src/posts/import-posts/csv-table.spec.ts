import { CsvMessages, readCsv } from './csv-table';

describe('readCsv', () => {
  it('reads a header and records, with or without a final line break', () => {
    expect(readCsv('text,accounts\nHello,1\nBye,1|2\n')).toEqual({ ok: true, records: [['text', 'accounts'], ['Hello', '1'], ['Bye', '1|2']] });
    expect(readCsv('text,accounts\r\nHello,1')).toEqual({ ok: true, records: [['text', 'accounts'], ['Hello', '1']] });
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(readCsv('text,tags\n"Hi, ""you""\nsecond line",a\n')).toEqual({ ok: true, records: [['text', 'tags'], ['Hi, "you"\nsecond line', 'a']] });
  });

  it('drops a byte order mark and empty lines, and keeps empty fields', () => {
    expect(readCsv('\uFEFFtext,media\n\nHello,\n,\n')).toEqual({ ok: true, records: [['text', 'media'], ['Hello', ''], ['', '']] });
    expect(readCsv('text\n""\n')).toEqual({ ok: true, records: [['text'], ['']] });
  });

  it('keeps a quote inside a field that is not quoted', () => {
    expect(readCsv('text\nHe said "hi"\n')).toEqual({ ok: true, records: [['text'], ['He said "hi"']] });
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(readCsv('text\n"Hello\n')).toEqual({ ok: false, error: CsvMessages.unclosedQuote });
    expect(readCsv('text\n"Hi"there\n')).toEqual({ ok: false, error: CsvMessages.textAfterQuote });
  });
});
