import { givenAccount } from '../testing/platform-specification';
import { facebook } from './facebook';

describe('Facebook', () => {
  const account = givenAccount('facebook');

  it('given a type, then it is a post, a reel or a story; anything else is refused, naming them', () => {
    for (const type of ['post', 'reel', 'story']) account.whenScheduling({ options: { facebook: { type } } }).thenAccepted();
    account.whenScheduling({ options: { facebook: { type: 'carousel' } } }).thenErrors({
      'versions.0.options.facebook.type': ['The selected type is invalid. Use post, reel or story.'],
    });
  });

  it('given no type, then the publisher reads a post', () => {
    expect(facebook.readOptions({})).toEqual({ type: 'post' });
    expect(facebook.readOptions({ facebook: { type: 'reel' } })).toEqual({ type: 'reel' });
  });
});
