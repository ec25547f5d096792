import { describePlatform } from '../platform';

/** X: 280 characters a post; each further content item replies to the one before (a thread). */
export const x = describePlatform({ provider: 'x', label: 'X', connect: { oauth: true }, textLimit: 280, contentItems: 'thread' });
