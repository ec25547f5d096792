import { describePlatform } from '../platform';

/** LinkedIn: 3000 characters; a second content item is a comment on the post (first comment). */
export const linkedin = describePlatform({ provider: 'linkedin', label: 'LinkedIn', connect: { oauth: true }, textLimit: 3000, contentItems: 'first_comment' });
