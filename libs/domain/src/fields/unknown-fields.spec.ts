import { FieldErrorBag } from './field-errors';
import { MAX_UNKNOWN_FIELDS_NAMED, nearestKnownName, oneEditApart, reportUnknownFields } from './unknown-fields';

describe('unknown fields', () => {
  it.each([
    ['tag', 'tags'],
    ['tagss', 'tags'],
    ['tgas', undefined],
    ['tsgs', 'tags'],
    ['ags', 'tags'],
    ['tags', undefined],
    ['schedul', 'schedule'],
  ])('%p is one edit from %p, or from none', (name, meant) => {
    expect(['tags', 'schedule'].find((known) => oneEditApart(name, known))).toBe(meant);
  });

  it.each([
    ['scheduleNow', 'schedule_now'],
    ['Schedule-Now', 'schedule_now'],
    ['SCHEDULEDAT', 'scheduled_at'],
    ['shedule', 'schedule'],
    ['schedule_at', 'scheduled_at'],
    ['colour', undefined],
    ['schedulenowplease', undefined],
  ])('%p most likely meant %p', (name, meant) => {
    expect(nearestKnownName(name, ['schedule', 'schedule_now', 'scheduled_at'])).toBe(meant);
  });

  it('a case or separator change wins over an edit', () => {
    expect(nearestKnownName('Time', ['tame', 'time'])).toBe('time');
  });

  it('reports each unknown field under its own path, the known ones not at all', () => {
    const errors = new FieldErrorBag();
    reportUnknownFields({ body: 'x', Media: [], colour: 'blue' }, ['body', 'media'], 'versions.0.content.1', errors);
    expect(errors.toJSON()).toEqual({
      'versions.0.content.1.Media': ['The Media field is not recognized. Did you mean media?'],
      'versions.0.content.1.colour': ['The colour field is not recognized.'],
    });
  });

  it('reports the keys every object has by inheritance, and __proto__, as any other', () => {
    const errors = new FieldErrorBag();
    reportUnknownFields(JSON.parse('{"constructor":1,"__proto__":2,"toString":3}'), ['body'], '', errors);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(
      JSON.parse('{"constructor":["The constructor field is not recognized."],"__proto__":["The __proto__ field is not recognized."],"toString":["The toString field is not recognized."]}'),
    );
  });

  it(`names at most ${MAX_UNKNOWN_FIELDS_NAMED} unknown fields of one object`, () => {
    const errors = new FieldErrorBag();
    reportUnknownFields(Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`extra${index}`, index])), ['body'], '', errors);
    expect(Object.keys(errors.toJSON())).toHaveLength(MAX_UNKNOWN_FIELDS_NAMED);
    expect(errors.toJSON().extra0).toEqual(['The extra0 field is not recognized.']);
  });
});
