import { describePlatform } from '../platform';

/** Discord (a channel's webhook): one message of at most 2000 characters. */
export const discord = describePlatform({ provider: 'discord', label: 'Discord', connect: { oauth: false, credentials: [{ name: 'webhook_url', required: true }] }, textLimit: 2000, contentItems: 'single' });
