import { describePlatform } from '../platform';

/** The built-in sandbox: it takes any text and any number of content items, and never leaves the machine. */
export const sandbox = describePlatform({ provider: 'sandbox', textLimit: null, contentItems: 'any' });
