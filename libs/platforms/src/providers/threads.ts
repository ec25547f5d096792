import { describePlatform } from '../platform';

/** Threads: 500 characters a post; each further content item replies to the one before. */
export const threads = describePlatform({ provider: 'threads', textLimit: 500, contentItems: 'thread' });
