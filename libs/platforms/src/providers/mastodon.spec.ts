import { givenAccount, items } from '../testing/platform-specification';
import { mastodon } from './mastodon';

describe('Mastodon', () => {
  const instance = givenAccount('mastodon', { max_characters: 640 });

  it('given the instance limit reported at connect, then each status may be that long; without one, 500', () => {
    instance.whenScheduling({ content: items(3, 640) }).thenAccepted();
    instance.whenScheduling({ content: items(2, 641) }).thenErrors({ 'accounts.0': ['The text is longer than mastodon allows (640 characters).'] });
    givenAccount('mastodon').whenScheduling({ content: items(1, 501) }).thenErrors({ 'accounts.0': ['The text is longer than mastodon allows (500 characters).'] });
  });

  it('given sensitive and a content warning, then they are taken, and the warning counts in each status (as the instance counts it)', () => {
    const options = { mastodon: { sensitive: true, spoiler_text: 'Spoilers: season 2' } };
    instance.whenScheduling({ content: items(1, 622), options }).thenAccepted((input) => expect(input.platformRules?.[1].textLimit).toBe(622));
    instance.whenScheduling({ content: items(1, 623), options }).thenErrors({ 'accounts.0': ['The text is longer than mastodon allows (622 characters).'] });
  });

  it('given options of the wrong kind, then each field says what it must be, under versions.0.options.mastodon', () => {
    instance.whenScheduling({ options: { mastodon: { sensitive: 'yes', spoiler_text: 42 } } }).thenErrors({
      'versions.0.options.mastodon.sensitive': ['The sensitive field must be true or false.'],
      'versions.0.options.mastodon.spoiler_text': ['The spoiler_text field must be a string.'],
    });
    instance.whenScheduling({ options: { mastodon: true } }).thenErrors({ 'versions.0.options.mastodon': ['The mastodon field must be an object.'] });
  });

  it('given a content warning longer than the instance takes, then it is refused with the limit, alone', () => {
    instance.whenScheduling({ content: items(1, 1), options: { mastodon: { spoiler_text: 'w'.repeat(641) } } }).thenErrors({
      'versions.0.options.mastodon.spoiler_text': ['The spoiler_text field must not be greater than 640 characters.'],
    });
  });

  it('given a draft with options of the wrong kind, then nothing is checked until it is scheduled', () => {
    instance.whenScheduling({ options: { mastodon: { sensitive: 'yes' } } }, {}).thenAccepted();
  });

  it('given the options of a version, then the publisher reads them typed, with their defaults', () => {
    expect(mastodon.readOptions({ mastodon: { sensitive: true, spoiler_text: 'CW', other: 1 } })).toEqual({ sensitive: true, spoiler_text: 'CW' });
    expect(mastodon.readOptions({})).toEqual({ sensitive: false, spoiler_text: null });
    expect(mastodon.readOptions({ mastodon: { sensitive: 'yes', spoiler_text: '  ' } })).toEqual({ sensitive: false, spoiler_text: null });
    const read: { sensitive: boolean; spoiler_text: string | null } = mastodon.readOptions({ mastodon: { spoiler_text: 'w'.repeat(5000) } });
    expect(read.spoiler_text).toHaveLength(5000);
  });
});
