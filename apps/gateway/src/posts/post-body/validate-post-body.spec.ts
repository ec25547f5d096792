import type { AccountSnapshot } from '@app/domain';
import { PostBodyContext, validatePostBody } from './validate-post-body';

const now = new Date('2026-06-01T12:00:00Z');
const sandbox: AccountSnapshot = { id: 7, provider: 'sandbox', name: 'Acme', username: 'acme' };
const other: AccountSnapshot = { id: 9, provider: 'sandbox', name: 'Other', username: null };
const context: PostBodyContext = { accounts: new Map([[7, sandbox], [9, other]]), now };

const original = { is_original: true, content: [{ body: 'Hello', media: [] }] };
const errorsOf = (body: unknown) => {
  const result = validatePostBody(body, context);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.input)}`);
  return result.errors;
};
const inputOf = (body: unknown) => {
  const result = validatePostBody(body, context);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.input;
};

describe('validatePostBody: the contract messages', () => {
  it.each([undefined, null, 'text', 42, [], {}, { versions: 'x' }, { versions: {} }, { versions: [] }])(
    'versions missing, not an array or empty (%p): required',
    (body) => expect(errorsOf(body).versions).toEqual(['The versions field is required.']),
  );

  it('no original version: at least one required, and the first must be original', () => {
    expect(errorsOf({ versions: [{ is_original: false }, { account_id: 7 }] })).toEqual({
      versions: ['At least one version with is_original: true is required.'],
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
    });
  });

  it('first version not original: reported under versions.0.is_original', () => {
    expect(errorsOf({ versions: [{ is_original: false, account_id: 7 }, original] })).toEqual({
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
    });
  });

  it('two originals: only one may be', () => {
    expect(errorsOf({ versions: [original, { ...original }] })).toEqual({ versions: ['Only one version can have is_original: true.'] });
  });

  it.each(['2026-13-01', '2026-02-30', '01/06/2026', '2026-6-1', 20260601, true])('date %p: not Y-m-d', (date) => {
    expect(errorsOf({ versions: [original], date }).date).toEqual(['The date does not match the format Y-m-d.']);
  });

  it.each(['24:00', '9:30', '09:30:00', 930, 'noon'])('time %p: not H:i', (time) => {
    expect(errorsOf({ versions: [original], time }).time).toEqual(['The time does not match the format H:i.']);
  });

  it('accounts not of this workspace, by index', () => {
    expect(errorsOf({ versions: [original], accounts: [7, 8, 'abc', 9, null, 7.5, -1] })).toEqual({
      'accounts.1': ['The selected account is invalid.'],
      'accounts.2': ['The selected account is invalid.'],
      'accounts.4': ['The selected account is invalid.'],
      'accounts.5': ['The selected account is invalid.'],
      'accounts.6': ['The selected account is invalid.'],
    });
  });

  it.each([{ schedule: true, date: '2026-07-01', time: '10:00' }, { schedule_now: true }])('scheduling (%p) without accounts', (flags) => {
    expect(errorsOf({ versions: [original], ...flags }).accounts).toEqual(['The accounts field is required when scheduling.']);
    expect(errorsOf({ versions: [original], accounts: [], ...flags }).accounts).toEqual(['The accounts field is required when scheduling.']);
  });

  it('scheduling without date nor scheduled_at: date required', () => {
    expect(errorsOf({ versions: [original], accounts: [7], schedule: true })).toEqual({ date: ['The date field is required when scheduling.'] });
  });

  it('scheduling with a date but no time: time required', () => {
    expect(errorsOf({ versions: [original], accounts: [7], schedule: true, date: '2026-07-01' })).toEqual({
      time: ['The time field is required when scheduling.'],
    });
  });

  it.each([
    { date: '2026-06-01', time: '12:00' },
    { date: '2026-06-01', time: '11:59' },
    { date: '2026-06-01', time: '13:30', timezone: 'Europe/Paris' },
    { scheduled_at: '2026-06-01T11:00:00Z' },
    { scheduled_at: '2026-06-01T13:59:59+02:00' },
  ])('scheduling in the past (%p): must be in the future, under date', (when) => {
    expect(errorsOf({ versions: [original], accounts: [7], schedule: true, ...when })).toEqual({
      date: ['The scheduled time must be in the future.'],
    });
  });

  it('reports every failing field at once', () => {
    expect(errorsOf({ versions: [{ is_original: false }], accounts: [99], date: 'soon', time: 'later', schedule: true, tags: 'x' })).toEqual({
      versions: ['At least one version with is_original: true is required.'],
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
      'accounts.0': ['The selected account is invalid.'],
      date: ['The date does not match the format Y-m-d.'],
      time: ['The time does not match the format H:i.'],
      tags: ['The tags field must be an array.'],
    });
  });
});

describe('validatePostBody: other fields', () => {
  it.each(['Mars/Olympus', '+02:00'])('timezone %p is not an IANA name', (timezone) => {
    expect(errorsOf({ versions: [original], timezone }).timezone).toEqual(['The timezone field must be a valid timezone.']);
  });

  it.each(['2026-07-01 10:00', '2026-07-01T10:00:00', 'soon', 12])('scheduled_at %p needs ISO 8601 with an offset', (scheduledAt) => {
    expect(errorsOf({ versions: [original], accounts: [7], schedule: true, scheduled_at: scheduledAt })).toEqual({
      scheduled_at: ['The scheduled_at field must be an ISO 8601 date and time with an offset.'],
    });
  });

  it('wrong types are errors under their field, never exceptions', () => {
    expect(
      errorsOf({
        versions: ['x', { is_original: 'yes', account_id: 'one', content: 'text', options: [] }, { content: [5, { body: 3, media: 'm' }] }],
        accounts: 'all',
        schedule: 'maybe',
        schedule_now: {},
        tags: ['ok', 3],
        timezone: 5,
      }),
    ).toEqual({
      versions: ['At least one version with is_original: true is required.'],
      'versions.0': ['The versions.0 field must be an object.'],
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
      'versions.1.is_original': ['The versions.1.is_original field must be true or false.'],
      'versions.1.account_id': ['The versions.1.account_id field must be an integer.'],
      'versions.1.content': ['The versions.1.content field must be an array.'],
      'versions.1.options': ['The versions.1.options field must be an object.'],
      'versions.2.content.0': ['The versions.2.content.0 field must be an object.'],
      'versions.2.content.1.body': ['The versions.2.content.1.body field must be a string.'],
      'versions.2.content.1.media': ['The versions.2.content.1.media field must be an array.'],
      accounts: ['The accounts field must be an array.'],
      schedule: ['The schedule field must be true or false.'],
      schedule_now: ['The schedule_now field must be true or false.'],
      'tags.1': ['The tags.1 field must be a string.'],
      timezone: ['The timezone field must be a string.'],
    });
  });

  it('a version written for an account that is not of this workspace', () => {
    expect(errorsOf({ versions: [original, { account_id: 8 }] })).toEqual({ 'versions.1.account_id': ['The selected account is invalid.'] });
  });
});

describe('validatePostBody: the domain input', () => {
  it('a draft: versions normalized, unknown fields ignored', () => {
    expect(inputOf({ versions: [{ is_original: true }, { account_id: 7, content: [{ body: 'Hi' }] }], colour: 'blue' })).toEqual({
      versions: [
        { account_id: 0, is_original: true, content: [{ body: '', media: [] }], options: {} },
        { account_id: 7, is_original: false, content: [{ body: 'Hi', media: [] }], options: {} },
      ],
      accounts: [],
      tags: [],
      intent: { kind: 'draft' },
    });
  });

  it('accounts become snapshots, each once, in the order given; date and time of a draft are only checked', () => {
    const input = inputOf({ versions: [original], accounts: [9, '7', 9], tags: ['launch'], date: '2020-01-01', time: '10:00' });
    expect(input.accounts).toEqual([other, sandbox]);
    expect(input.tags).toEqual(['launch']);
    expect(input.intent).toEqual({ kind: 'draft' });
  });

  it('schedule at date + time, in UTC by default', () => {
    expect(inputOf({ versions: [original], accounts: [7], schedule: true, date: '2026-07-01', time: '10:00' }).intent).toEqual({
      kind: 'schedule',
      scheduledAt: '2026-07-01T10:00:00.000Z',
    });
  });

  it('schedule at date + time in a time zone', () => {
    const body = { versions: [original], accounts: [7], schedule: true, date: '2026-07-01', time: '10:00', timezone: 'America/New_York' };
    expect(inputOf(body).intent).toEqual({ kind: 'schedule', scheduledAt: '2026-07-01T14:00:00.000Z' });
  });

  it('schedule at scheduled_at, to the second, ahead of date + time', () => {
    const body = { versions: [original], accounts: [7], schedule: true, scheduled_at: '2026-06-01T14:00:05+02:00', date: '2020-01-01', time: '00:00' };
    expect(inputOf(body).intent).toEqual({ kind: 'schedule', scheduledAt: '2026-06-01T12:00:05.000Z' });
  });

  it('schedule_now needs no date and wins over schedule', () => {
    expect(inputOf({ versions: [original], accounts: [7], schedule_now: true, schedule: true }).intent).toEqual({ kind: 'schedule_now' });
  });

  it('flags as 1/0 and "true"/"false"', () => {
    expect(inputOf({ versions: [original], accounts: [7], schedule_now: 1 }).intent).toEqual({ kind: 'schedule_now' });
    expect(inputOf({ versions: [original], schedule: 'false', schedule_now: 0 }).intent).toEqual({ kind: 'draft' });
  });
});
