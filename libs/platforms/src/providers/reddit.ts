import { text, unlessAccountHas } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';
import { NO_VIDEOS } from '../video-bounds';

const redditOptions = {
  /** The subreddit to submit to: required unless the account has one in its settings. */
  subreddit: text({ required: unlessAccountHas('subreddit'), max: 100 }),
  title: text({ required: true, max: 300 }),
  /** The post flair's template (a subreddit's flair id, a UUID), for subreddits that ask for flair. */
  flair_id: text({ max: 36 }),
  /** The flair's text, where the template lets the poster write it (Reddit: at most 64 characters). */
  flair_text: text({ max: 64 }),
};

export type RedditOptions = OptionsOf<typeof redditOptions>;

/** Reddit: a submission with a title (options) and a text of 40,000 characters; a second content item is a first comment. */
export const reddit = describePlatform({
  provider: 'reddit',
  label: 'Reddit',
  connect: {
    oauth: {
      // A permanent grant gives a refresh token; flair needs `flair`, the lookup after a lost answer `history` and `read` (a post's figures too), deleting `edit`.
      authUrl: 'https://www.reddit.com/api/v1', apiUrl: 'https://oauth.reddit.com', tokenUrl: 'https://www.reddit.com/api/v1/access_token',
      path: '/authorize', scopes: ['identity', 'submit', 'read', 'history', 'flair', 'edit'], pkce: false, extra: { duration: 'permanent' },
    },
    settings: [{ name: 'subreddit', required: false }],
  },
  textLimit: 40_000,
  contentItems: 'first_comment',
  options: redditOptions,
  settingsRead: ['subreddit'],
  // This service submits text, link and image posts to Reddit.
  video: NO_VIDEOS,
  // A submission's upvotes, comments and crossposts.
  metrics: ['likes', 'replies', 'reposts'],
});
