import { givenAccount } from '../testing/platform-specification';
import { reddit } from './reddit';

describe('Reddit', () => {
  it('given no title and no subreddit, then both are required; a subreddit in the account settings will do', () => {
    givenAccount('reddit').whenScheduling({}).thenErrors({
      'versions.0.options.reddit.subreddit': ['The subreddit field is required.'],
      'versions.0.options.reddit.title': ['The title field is required.'],
    });
    givenAccount('reddit', { subreddit: 'typescript' }).whenScheduling({ options: { reddit: { title: 'Hello' } } }).thenAccepted();
  });

  it('given a title over 300 characters, then it is refused with the limit', () => {
    givenAccount('reddit').whenScheduling({ options: { reddit: { subreddit: 'a', title: 't'.repeat(301) } } }).thenErrors({
      'versions.0.options.reddit.title': ['The title field must not be greater than 300 characters.'],
    });
  });

  it('given a flair id over 36 characters and a flair text over 64, then each is refused with its limit', () => {
    givenAccount('reddit')
      .whenScheduling({ options: { reddit: { subreddit: 'a', title: 'Hello', flair_id: 'f'.repeat(37), flair_text: 't'.repeat(65) } } })
      .thenErrors({
        'versions.0.options.reddit.flair_id': ['The flair_id field must not be greater than 36 characters.'],
        'versions.0.options.reddit.flair_text': ['The flair_text field must not be greater than 64 characters.'],
      });
  });

  it('given the options, then the publisher reads them typed, the flair absent as null', () => {
    expect(reddit.readOptions({ reddit: { subreddit: 'typescript', title: 'Hello' } })).toEqual({ subreddit: 'typescript', title: 'Hello', flair_id: null, flair_text: null });
    expect(reddit.readOptions({ reddit: { title: 'Hello', flair_id: '7c2f6c4e-0b1e-11ee-9d4a-1e0b6a3a9f10', flair_text: 'Release' } })).toEqual({
      subreddit: null,
      title: 'Hello',
      flair_id: '7c2f6c4e-0b1e-11ee-9d4a-1e0b6a3a9f10',
      flair_text: 'Release',
    });
  });
});
