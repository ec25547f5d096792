import { givenWorkspace, original, other, sandbox, stubPlatforms } from '../../testing/post-body-specification';

const workspace = givenWorkspace();

describe('validatePostBody: the contract messages', () => {
  it.each([undefined, null, 'text', 42, [], {}, { versions: 'x' }, { versions: {} }, { versions: [] }])(
    'given no versions array (%p), then versions is required',
    (body) => workspace.whenBody(body).thenErrorsInclude({ versions: ['The versions field is required.'] }),
  );

  it('given no original version, then one is required and the first must be it', () => {
    workspace.whenBody({ versions: [{ is_original: false }, { account_id: 7 }] }).thenErrors({
      versions: ['At least one version with is_original: true is required.'],
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
    });
  });

  it('given a first version that is not the original, then versions.0.is_original', () => {
    workspace.whenBody({ versions: [{ is_original: false, account_id: 7 }, original] }).thenErrors({
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
    });
  });

  it('given two originals, then only one may be', () => {
    workspace.whenBody({ versions: [original, { ...original }] }).thenErrors({ versions: ['Only one version can have is_original: true.'] });
  });

  it.each(['2026-13-01', '2026-02-30', '01/06/2026', '2026-6-1', 20260601, true])('given the date %p, then it is not Y-m-d', (date) => {
    workspace.whenBody({ versions: [original], date }).thenErrors({ date: ['The date does not match the format Y-m-d.'] });
  });

  it.each(['24:00', '9:30', '09:30:00', 930, 'noon'])('given the time %p, then it is not H:i', (time) => {
    workspace.whenBody({ versions: [original], time }).thenErrors({ time: ['The time does not match the format H:i.'] });
  });

  it('given accounts not of this workspace, then each is invalid under its index', () => {
    workspace.whenBody({ versions: [original], accounts: [7, 8, 'abc', 9, null, 7.5, -1] }).thenErrors({
      'accounts.1': ['The selected account is invalid.'],
      'accounts.2': ['The selected account is invalid.'],
      'accounts.4': ['The selected account is invalid.'],
      'accounts.5': ['The selected account is invalid.'],
      'accounts.6': ['The selected account is invalid.'],
    });
  });

  it.each([{ schedule: true, date: '2026-07-01', time: '10:00' }, { schedule_now: true }])('given scheduling (%p) without accounts, then accounts are required', (flags) => {
    const required = { accounts: ['The accounts field is required when scheduling.'] };
    workspace.whenBody({ versions: [original], ...flags }).thenErrors(required);
    workspace.whenBody({ versions: [original], accounts: [], ...flags }).thenErrors(required);
  });

  it('given scheduling with unknown accounts only, then those are invalid and no more', () => {
    workspace.whenBody({ versions: [original], accounts: [99], schedule_now: true }).thenErrors({ 'accounts.0': ['The selected account is invalid.'] });
  });

  it('given scheduling without date nor scheduled_at, then the date is required', () => {
    workspace.whenBody({ versions: [original], accounts: [7], schedule: true }).thenErrors({ date: ['The date field is required when scheduling.'] });
  });

  it('given scheduling with a date but no time, then the time is required', () => {
    workspace.whenBody({ versions: [original], accounts: [7], schedule: true, date: '2026-07-01' }).thenErrors({
      time: ['The time field is required when scheduling.'],
    });
  });

  it.each([
    { date: '2026-06-01', time: '12:00' },
    { date: '2026-06-01', time: '11:59' },
    { date: '2026-06-01', time: '13:30', timezone: 'Europe/Paris' },
    { scheduled_at: '2026-06-01T11:00:00Z' },
    { scheduled_at: '2026-06-01T13:59:59+02:00' },
  ])('given scheduling in the past (%p), then it must be in the future, under date', (when) => {
    workspace.whenBody({ versions: [original], accounts: [7], schedule: true, ...when }).thenErrors({ date: ['The scheduled time must be in the future.'] });
  });

  it('given many faults, then every failing field is reported at once', () => {
    workspace.whenBody({ versions: [{ is_original: false }], accounts: [99], date: 'soon', time: 'later', schedule: true, tags: 'x' }).thenErrors({
      versions: ['At least one version with is_original: true is required.'],
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
      'versions.0.content': ['The content field must have a body or media.'],
      'accounts.0': ['The selected account is invalid.'],
      date: ['The date does not match the format Y-m-d.'],
      time: ['The time does not match the format H:i.'],
      tags: ['The tags field must be an array.'],
    });
  });
});

describe('validatePostBody: other fields', () => {
  it.each(['Mars/Olympus', '+02:00'])('given the timezone %p, then it is not an IANA name', (timezone) => {
    workspace.whenBody({ versions: [original], timezone }).thenErrors({ timezone: ['The timezone field must be a valid timezone.'] });
  });

  it.each(['2026-07-01 10:00', '2026-07-01T10:00:00', 'soon', 12])('given scheduled_at %p, then it needs ISO 8601 with an offset', (scheduledAt) => {
    workspace.whenBody({ versions: [original], accounts: [7], schedule: true, scheduled_at: scheduledAt }).thenErrors({
      scheduled_at: ['The scheduled_at field must be an ISO 8601 date and time with an offset.'],
    });
  });

  it('given wrong types, then they are errors under their field, never exceptions', () => {
    workspace
      .whenBody({
        versions: ['x', { is_original: 'yes', account_id: 'one', content: 'text', options: [] }, { content: [5, { body: 3, media: 'm' }] }],
        accounts: 'all',
        schedule: 'maybe',
        schedule_now: {},
        tags: ['ok', 3],
        timezone: 5,
      })
      .thenErrors({
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

  it('given media ids the workspace does not have, then each is invalid under its own key', () => {
    givenWorkspace([sandbox, other], { media: ['kept-1', 'kept-2'] })
      .whenBody({ versions: [{ is_original: true, content: [{ body: 'a', media: ['kept-1'] }, { body: 'b', media: ['kept-2', 'gone', 42, 'other'] }] }] })
      .thenErrors({
        'versions.0.content.1.media.1': ['The selected media is invalid.'],
        'versions.0.content.1.media.2': ['The versions.0.content.1.media.2 field must be a string.'],
        'versions.0.content.1.media.3': ['The selected media is invalid.'],
      });
    givenWorkspace([sandbox, other], { media: ['kept-1'] })
      .whenBody({ versions: [{ is_original: true, content: [{ body: 'a', media: ['kept-1'] }] }] })
      .thenInput((input) => expect(input.versions[0].content[0].media).toEqual(['kept-1']));
  });

  it('given a version written for an account that is not of this workspace, then its account_id is invalid', () => {
    workspace.whenBody({ versions: [original, { account_id: 8 }] }).thenErrors({ 'versions.1.account_id': ['The selected account is invalid.'] });
  });
});

describe('validatePostBody: the domain input', () => {
  it('given a draft, then versions are normalized', () => {
    workspace.whenBody({ versions: [{ is_original: true }, { account_id: 7, content: [{ body: 'Hi' }] }] }).thenInput((input) =>
      expect(input).toEqual({
        versions: [
          { account_id: 0, is_original: true, content: [{ body: '', media: [] }], options: {} },
          { account_id: 7, is_original: false, content: [{ body: 'Hi', media: [] }], options: {} },
        ],
        accounts: [],
        tags: [],
        intent: { kind: 'draft' },
      }),
    );
  });

  it('given accounts named twice, then each becomes one snapshot, in the order given; a draft keeps its date and time, past ones too', () => {
    workspace.whenBody({ versions: [original], accounts: [9, '7', 9], tags: ['launch'], date: '2020-01-01', time: '10:00' }).thenInput((input) => {
      expect(input.accounts).toEqual([other, sandbox]);
      expect(input.tags).toEqual(['launch']);
      expect(input.intent).toEqual({ kind: 'draft', scheduledAt: '2020-01-01T10:00:00.000Z' });
    });
  });

  it('given schedule at date + time, then it is in UTC by default', () => {
    workspace.whenBody({ versions: [original], accounts: [7], schedule: true, date: '2026-07-01', time: '10:00' }).thenInput((input) =>
      expect(input.intent).toEqual({ kind: 'schedule', scheduledAt: '2026-07-01T10:00:00.000Z' }),
    );
  });

  it('given schedule at date + time in a time zone, then the zone is applied', () => {
    const body = { versions: [original], accounts: [7], schedule: true, date: '2026-07-01', time: '10:00', timezone: 'America/New_York' };
    workspace.whenBody(body).thenInput((input) => expect(input.intent).toEqual({ kind: 'schedule', scheduledAt: '2026-07-01T14:00:00.000Z' }));
  });

  it('given scheduled_at, then it is taken to the second, ahead of date + time', () => {
    const body = { versions: [original], accounts: [7], schedule: true, scheduled_at: '2026-06-01T14:00:05+02:00', date: '2020-01-01', time: '00:00' };
    workspace.whenBody(body).thenInput((input) => expect(input.intent).toEqual({ kind: 'schedule', scheduledAt: '2026-06-01T12:00:05.000Z' }));
  });

  it('given schedule_now, then it needs no date and wins over schedule', () => {
    workspace.whenBody({ versions: [original], accounts: [7], schedule_now: true, schedule: true }).thenInput((input) => expect(input.intent).toEqual({ kind: 'schedule_now' }));
  });

  it('given flags as 1/0 and "true"/"false", then they read as booleans', () => {
    workspace.whenBody({ versions: [original], accounts: [7], schedule_now: 1 }).thenInput((input) => expect(input.intent).toEqual({ kind: 'schedule_now' }));
    workspace.whenBody({ versions: [original], schedule: 'false', schedule_now: 0 }).thenInput((input) => expect(input.intent).toEqual({ kind: 'draft' }));
  });

  it('given platforms with rules, then the input carries the rules of the chosen accounts, as the port answered them', () => {
    const platforms = stubPlatforms({ sandbox: { textLimitOf: (account) => Number(account.settings.max_characters ?? 300), contentItems: 'thread' } });
    givenWorkspace([sandbox, other], { platforms, settings: { 9: { max_characters: 500 } } })
      .whenBody({ versions: [original], accounts: [7] })
      .thenInput((input) =>
        expect(input.platformRules).toEqual({
          7: { provider: 'sandbox', textLimit: 300, textLimitWithMedia: null, textCounting: 'code_points', contentItems: 'thread', media: 'optional' },
        }),
      );
  });
});
