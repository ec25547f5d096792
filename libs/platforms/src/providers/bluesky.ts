import { describePlatform } from '../platform';

/** Bluesky: 300 graphemes a post; each further content item replies to the one before (a thread). */
export const bluesky = describePlatform({ provider: 'bluesky', textLimit: 300, textCounting: 'graphemes', contentItems: 'thread' });
