import { choice } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';

const facebookOptions = { type: choice(['post', 'reel', 'story'], 'post') };

export type FacebookOptions = OptionsOf<typeof facebookOptions>;

/** A Facebook Page: 63,206 characters; a second content item is a first comment; a post, a reel or a story. */
export const facebook = describePlatform({ provider: 'facebook', textLimit: 63_206, contentItems: 'first_comment', options: facebookOptions });
