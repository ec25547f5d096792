import { describePlatform } from '../platform';

/** LinkedIn: 3000 characters; a second content item is a comment on the post (first comment). */
export const linkedin = describePlatform({
  provider: 'linkedin',
  label: 'LinkedIn',
  connect: {
    oauth: {
      // Member posts, their statistics, and the member's name (OpenID Connect); the token endpoint is under the OAuth server.
      authUrl: 'https://www.linkedin.com/oauth/v2', apiUrl: 'https://api.linkedin.com',
      path: '/authorization', scopes: ['openid', 'profile', 'w_member_social', 'r_member_postAnalytics'], pkce: false,
    },
  },
  textLimit: 3000, contentItems: 'first_comment',
  // A member's post statistics: impressions, reactions, comments, reshares.
  metrics: ['impressions', 'likes', 'replies', 'reposts'],
});
