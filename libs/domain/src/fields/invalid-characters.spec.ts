import { FieldErrorBag } from './field-errors';
import { hasInvalidCharacters, reportInvalidCharacters } from './invalid-characters';

describe('hasInvalidCharacters', () => {
  it.each(['', 'plain', 'accents é and emoji 😀', 'tab\tand newline\n', '\u0001 other controls'])('given %p, then it is clean', (text) => {
    expect(hasInvalidCharacters(text)).toBe(false);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', 'x\udc00', 'reversed \udc00\ud800', 'end \ud83d'])('given %p, then it holds invalid characters', (text) => {
    expect(hasInvalidCharacters(text)).toBe(true);
  });
});

describe('reportInvalidCharacters', () => {
  it('given nested values, then each bad string is reported under its own path and bad keys under their object', () => {
    const errors = new FieldErrorBag();
    reportInvalidCharacters({ name: 'a\u0000', settings: { list: ['ok', '\ud800'], 'k\u0000': 'v' }, count: 3 }, '', errors);
    expect(errors.toJSON()).toEqual({
      name: ['The name field contains invalid characters.'],
      settings: ['The settings field contains invalid characters.'],
      'settings.list.1': ['The 1 field contains invalid characters.'],
    });
  });

  it('given a nesting far deeper than a stack allows, then it is walked without failing', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const errors = new FieldErrorBag();
    reportInvalidCharacters(deep, 'options', errors);
    expect(Object.keys(errors.toJSON())).toHaveLength(1);
  });
});
