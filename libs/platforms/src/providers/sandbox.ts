import { POST_METRIC_NAMES } from '@app/domain';
import { describePlatform } from '../platform';

/** The built-in sandbox: it takes any text and any number of content items, and never leaves the machine. */
export const sandbox = describePlatform({ provider: 'sandbox', label: 'Sandbox', connect: { oauth: false, settings: [{ name: 'outcome', required: false }, { name: 'item_outcomes', required: false }] }, textLimit: null, contentItems: 'any', metrics: POST_METRIC_NAMES });
