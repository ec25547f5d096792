import { givenWorkspace, original } from '../../testing/post-body-specification';
import { PostBodyFields } from './post-body-fields';

const workspace = givenWorkspace();

describe('validatePostBody: fields it does not know', () => {
  it('given scheduleNow, then it is not recognized, and schedule_now is named', () => {
    workspace.whenBody({ versions: [original], accounts: [7], scheduleNow: true }).thenErrors({
      scheduleNow: ['The scheduleNow field is not recognized. Did you mean schedule_now?'],
    });
  });

  it('given unknown fields beside faults of known ones, then all are reported at once, with a suggestion only when one is close', () => {
    workspace.whenBody({ versions: [original], tag: ['launch'], colour: 'blue', date: 'soon' }).thenErrors({
      tag: ['The tag field is not recognized. Did you mean tags?'],
      colour: ['The colour field is not recognized.'],
      date: ['The date does not match the format Y-m-d.'],
    });
  });

  it('given unknown fields in a version and in a content item, then each is reported under its path', () => {
    const body = { versions: [{ ...original, isOriginal: true, content: [{ body: 'Hi', medias: [], alt: 'x' }] }] };
    workspace.whenBody(body).thenErrors({
      'versions.0.isOriginal': ['The isOriginal field is not recognized. Did you mean is_original?'],
      'versions.0.content.0.medias': ['The medias field is not recognized. Did you mean media?'],
      'versions.0.content.0.alt': ['The alt field is not recognized.'],
    });
  });

  it('given any keys in options, then they are left to the platforms', () => {
    workspace.whenBody({ versions: [{ ...original, options: { mastodon: { spoiler_text: 'CW' }, anything: 1 } }] }).thenInput((input) =>
      expect(input.versions[0].options).toEqual({ mastodon: { spoiler_text: 'CW' }, anything: 1 }),
    );
  });

  it('given every known field, then none is refused', () => {
    const values: Record<string, unknown> = { versions: [original], accounts: [7], date: '2026-07-01', time: '10:00', timezone: 'UTC', scheduled_at: null, schedule: true, schedule_now: false, queue: false, tags: [], recycle: { interval_days: 7, times: 2 } };
    expect(Object.keys(values).sort()).toEqual([...PostBodyFields.post].sort());
    workspace.whenBody(values).thenInput((input) => expect(input.intent).toEqual({ kind: 'schedule', scheduledAt: '2026-07-01T10:00:00.000Z' }));
  });
});
