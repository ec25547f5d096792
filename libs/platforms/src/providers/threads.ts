import { describePlatform } from '../platform';
import { videosOf } from '../video-bounds';

/** Threads: 500 characters a post; each further content item replies to the one before. */
export const threads = describePlatform({ provider: 'threads', label: 'Threads', connect: { oauth: true }, textLimit: 500, contentItems: 'thread', video: videosOf({ maxSeconds: 300, maxMegabytes: 1_000 }) });
