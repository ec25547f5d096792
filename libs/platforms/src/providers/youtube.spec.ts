import { givenAccount, IMAGE, VIDEO } from '../testing/platform-specification';
import { youtube } from './youtube';

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

  it('given the options, then the publisher reads them typed: public by default', () => {
    expect(youtube.readOptions({ youtube: { title: 'Launch day' } })).toEqual({ title: 'Launch day', privacy: 'public' });
  });
});
