import { givenAccount, IMAGE, VIDEO } from '../testing/platform-specification';
import { tagsLength, youtube } from './youtube';

describe('YouTube', () => {
  const account = givenAccount('youtube');
  const video = [{ body: 'The description', media: [VIDEO] }];

  it('given a video, a title and a privacy, then it is taken', () => {
    account.whenScheduling({ content: video, options: { youtube: { title: 'Launch day', privacy: 'unlisted' } } }).thenAccepted();
  });

  it('given no title, or one over 100 characters, and a privacy of another kind, then each field is refused', () => {
    account.whenScheduling({ content: video }).thenErrors({ 'versions.0.options.youtube.title': ['The title field is required.'] });
    account.whenScheduling({ content: video, options: { youtube: { title: 't'.repeat(101), privacy: 'friends' } } }).thenErrors({
      'versions.0.options.youtube.title': ['The title field must not be greater than 100 characters.'],
      'versions.0.options.youtube.privacy': ['The selected privacy is invalid. Use public, unlisted or private.'],
    });
  });

  it('given an image and no video, then it needs a video', () => {
    account.whenScheduling({ content: [{ body: 'A picture', media: [IMAGE] }], options: { youtube: { title: 'T' } } }).thenErrors({ 'accounts.0': ['The youtube account needs a video.'] });
  });

  it('given tags, then they are taken up to 500 characters as YouTube counts them: commas between tags, quotes around a tag with a space', () => {
    const ninetyNine = Array.from({ length: 99 }, () => 'tags');
    // 99 tags of 4 letters, one of 5, and 99 commas: 500.
    expect(tagsLength([...ninetyNine, 'abcde'])).toBe(500);
    account.whenScheduling({ content: video, options: { youtube: { title: 'T', tags: [...ninetyNine, 'abcde'] } } }).thenAccepted();
    expect(tagsLength(['Foo Baz'])).toBe(9);
    expect(tagsLength(['Foo-Baz'])).toBe(7);
  });

  it('given tags over 500 characters, not a list, or a list with something else than a text, then the tags are refused', () => {
    const ninetyNine = Array.from({ length: 99 }, () => 'tags');
    const refused = (tags: unknown, message: string) =>
      account.whenScheduling({ content: video, options: { youtube: { title: 'T', tags } } }).thenErrors({ 'versions.0.options.youtube.tags': [message] });
    refused([...ninetyNine, 'abcdef'], 'The tags field must not be greater than 500 characters.');
    // Four characters, but quoted for its space: 501.
    refused([...ninetyNine, 'ab c'], 'The tags field must not be greater than 500 characters.');
    refused('launch, video', 'The tags field must be an array.');
    refused(['launch', 7], 'The tags.1 field must be a string.');
  });

  it('given the options, then the publisher reads them typed: public by default, no tags by default, blank tags left out', () => {
    expect(youtube.readOptions({ youtube: { title: 'Launch day' } })).toEqual({ title: 'Launch day', privacy: 'public', tags: [] });
    expect(youtube.readOptions({ youtube: { title: 'T', tags: [' launch ', '', 'day one'] } })).toEqual({ title: 'T', privacy: 'public', tags: ['launch', 'day one'] });
  });
});
