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

  it('given the options, then the publisher reads them typed', () => {
    expect(reddit.readOptions({ reddit: { subreddit: 'typescript', title: 'Hello' } })).toEqual({ subreddit: 'typescript', title: 'Hello' });
  });
});
