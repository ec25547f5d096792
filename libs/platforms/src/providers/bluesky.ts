import { describePlatform } from '../platform';

/** Bluesky: 300 graphemes a post; each further content item replies to the one before (a thread). */
export const bluesky = describePlatform({ provider: 'bluesky', label: 'Bluesky', connect: { oauth: false, settings: [{ name: 'service', required: false }], credentials: [{ name: 'identifier', required: true }, { name: 'app_password', required: true }] }, textLimit: 300, textCounting: 'graphemes', contentItems: 'thread', metrics: ['likes', 'reposts', 'replies', 'quotes'] });
