import { describePlatform } from '../platform';

/** X: 280 characters a post, counted as X counts them (a URL 23, an emoji or a wide character 2); each further content item replies to the one before (a thread). */
export const x = describePlatform({ provider: 'x', label: 'X', connect: { oauth: true }, textLimit: 280, textCounting: 'weighted', contentItems: 'thread' });
