import { givenAccount, IMAGE, VIDEO } from '../testing/platform-specification';
import { instagram } from './instagram';

describe('Instagram', () => {
  const account = givenAccount('instagram');

  it('given an image or a video and a type, then it is taken; another type is refused, naming the types', () => {
    account.whenScheduling({ content: [{ body: 'A reel', media: [VIDEO] }], options: { instagram: { type: 'reel' } } }).thenAccepted();
    account.whenScheduling({ content: [{ body: 'A story', media: [IMAGE] }], options: { instagram: { type: 'live' } } }).thenErrors({
      'versions.0.options.instagram.type': ['The selected type is invalid. Use post, reel or story.'],
    });
  });

  it('given media only in the first comment, then the post still has media', () => {
    account.whenScheduling({ content: [{ body: 'Caption' }, { body: 'Comment', media: [IMAGE] }] }).thenAccepted();
  });

  it('given no type, then the publisher reads a post', () => {
    expect(instagram.readOptions({ instagram: {} })).toEqual({ type: 'post' });
  });
});
