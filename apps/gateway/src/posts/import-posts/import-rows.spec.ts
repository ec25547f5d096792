import { ImportMessages, importColumnOf, importRowBody, readImportTable, rowErrorsOf } from './import-rows';

describe('readImportTable', () => {
  it('reads CSV records by the header\'s names, and keeps a JSON array of objects', () => {
    expect(readImportTable('text, accounts\nHello,1|2\n')).toEqual({ ok: true, rows: [{ text: 'Hello', accounts: '1|2' }] });
    expect(readImportTable([{ text: 'Hello', accounts: [1] }])).toEqual({ ok: true, rows: [{ text: 'Hello', accounts: [1] }] });
  });

  it('refuses what is no table, no rows, more than 500 rows, a row that is no object, and a record longer than the header', () => {
    expect(readImportTable({ text: 'x' })).toEqual({ ok: false, errors: { rows: [ImportMessages.notRows] } });
    expect(readImportTable('text,accounts\n')).toEqual({ ok: false, errors: { rows: [ImportMessages.noRows] } });
    expect(readImportTable([])).toEqual({ ok: false, errors: { rows: [ImportMessages.noRows] } });
    expect(readImportTable(Array(501).fill({ text: 'x' }))).toEqual({ ok: false, errors: { rows: [ImportMessages.tooManyRows(501)] } });
    expect(readImportTable(`text\n${'x\n'.repeat(501)}`)).toEqual({ ok: false, errors: { rows: [ImportMessages.tooManyRows(501)] } });
    expect(readImportTable([{ text: 'x' }, 'x'])).toEqual({ ok: false, errors: { 'rows.1': [ImportMessages.rowNotObject] } });
    expect(readImportTable('text\nx,y\n')).toEqual({ ok: false, errors: { 'rows.0': [ImportMessages.moreFieldsThanHeader] } });
  });
});

describe('importRowBody', () => {
  it('makes the body of POST posts: the text as the original, lists split at |, and the schedule asked for', () => {
    expect(importRowBody({ text: 'Hi', accounts: '1| 2', media: 'a|b', tags: 'x|y', scheduled_at: '2030-01-01T10:00:00+01:00', queue: '' })).toEqual({
      errors: {},
      body: {
        versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media: ['a', 'b'] }] }],
        accounts: ['1', '2'],
        tags: ['x', 'y'],
        scheduled_at: '2030-01-01T10:00:00+01:00',
        schedule: true,
      },
    });
    expect(importRowBody({ text: 'Hi', accounts: [1], queue: 'True' }).body).toMatchObject({ accounts: [1], queue: true });
    expect(importRowBody({ text: 'Hi', accounts: [1], queue: false }).body).not.toHaveProperty('queue');
  });

  it('names what the body cannot: a missing text or accounts, a queue that is no boolean, an unknown column', () => {
    expect(importRowBody({ text: ' ', accounts: '', queue: 'maybe', colour: 'red' }).errors).toEqual({
      colour: ['The colour field is not recognized.'],
      text: ['The text field is required.'],
      accounts: ['The accounts field is required.'],
      queue: ['The queue field must be true or false.'],
    });
  });
});

describe('the columns of a body\'s errors', () => {
  it('puts each field of the body under the column it comes from', () => {
    expect(['versions.0.content.0.body', 'versions.0.content.0.media.1', 'versions.0.options.youtube.title', 'accounts.2', 'date', 'time', 'scheduled_at', 'queue', 'tags.0'].map(importColumnOf)).toEqual([
      'text',
      'media',
      'accounts',
      'accounts',
      'scheduled_at',
      'scheduled_at',
      'scheduled_at',
      'queue',
      'tags',
    ]);
  });

  it('keeps the row\'s own words for a column over its body\'s, each message once', () => {
    const body = { 'versions.0.content': ['The content field must have a body or media.'], 'accounts.0': ['The selected account is invalid.'], 'accounts.1': ['The selected account is invalid.'] };
    expect(rowErrorsOf(body, { text: ['The text field is required.'] })).toEqual({ text: ['The text field is required.'], accounts: ['The selected account is invalid.'] });
  });
});
