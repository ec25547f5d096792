import { describePlatform } from '../platform';

/** X: 280 characters a post, counted as X counts them (a URL 23, an emoji or a wide character 2); each further content item replies to the one before (a thread). */
export const x = describePlatform({
  provider: 'x',
  label: 'X',
  connect: {
    oauth: {
      // Posting with images, reading the account, and a refresh token (offline.access); the token endpoint is under the API.
      authUrl: 'https://x.com/i/oauth2', apiUrl: 'https://api.x.com',
      path: '/authorize', scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'], pkce: true,
    },
  },
  textLimit: 280, textCounting: 'weighted', contentItems: 'thread',
  // A post's public_metrics: impressions, likes, replies, reposts, quotes, bookmarks.
  metrics: ['impressions', 'likes', 'replies', 'reposts', 'quotes', 'saves'],
});
