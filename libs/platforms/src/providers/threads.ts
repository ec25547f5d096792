import { describePlatform } from '../platform';
import { videosOf } from '../video-bounds';

/** Threads: 500 characters a post; each further content item replies to the one before. */
export const threads = describePlatform({
  provider: 'threads',
  label: 'Threads',
  connect: {
    oauth: {
      // Publishing, reading replies (to find one whose answer was lost), deleting, and reading a post's insights.
      authUrl: 'https://threads.net/oauth', apiUrl: 'https://graph.threads.net/v1.0', tokenUrl: 'https://graph.threads.net/oauth/access_token',
      path: '/authorize', scopes: ['threads_basic', 'threads_content_publish', 'threads_read_replies', 'threads_delete', 'threads_manage_insights'], scopeSeparator: ',', pkce: false,
    },
  },
  textLimit: 500, contentItems: 'thread', video: videosOf({ maxSeconds: 300, maxMegabytes: 1_000 }),
  // A post's media insights.
  metrics: ['views', 'likes', 'replies', 'reposts', 'quotes'],
});
