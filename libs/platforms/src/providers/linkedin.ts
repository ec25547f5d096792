import { describePlatform } from '../platform';

/** LinkedIn: 3000 characters; a second content item is a comment on the post (first comment). */
export const linkedin = describePlatform({
  provider: 'linkedin',
  label: 'LinkedIn',
  connect: {
    oauth: {
      // Member posts and the member's name (OpenID Connect); the token endpoint is under the OAuth server.
      authUrl: 'https://www.linkedin.com/oauth/v2', apiUrl: 'https://api.linkedin.com',
      path: '/authorization', scopes: ['openid', 'profile', 'w_member_social'], pkce: false,
    },
  },
  textLimit: 3000, contentItems: 'first_comment',
});
