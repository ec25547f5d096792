/** One choice a platform needs (PRODUCT.md, "Platform options"), as compose shows it. */
export interface OptionField {
  key: string;
  label: string;
  kind: 'text' | 'choice' | 'flag';
  /** For a choice: the values, the first being the platform's default unless `required`. */
  choices?: readonly string[];
  required?: boolean;
  maxLength?: number;
}

export interface PlatformOptionForm {
  provider: string;
  label: string;
  fields: readonly OptionField[];
}

/** The options of each platform that has some, in the contract's names. */
export const PLATFORM_OPTION_FORMS: readonly PlatformOptionForm[] = [
  {
    provider: 'mastodon',
    label: 'Mastodon',
    fields: [
      { key: 'spoiler_text', label: 'Content warning', kind: 'text' },
      { key: 'sensitive', label: 'Sensitive media', kind: 'flag' },
    ],
  },
  { provider: 'instagram', label: 'Instagram', fields: [{ key: 'type', label: 'Post type', kind: 'choice', choices: ['post', 'reel', 'story'] }] },
  { provider: 'facebook', label: 'Facebook', fields: [{ key: 'type', label: 'Post type', kind: 'choice', choices: ['post', 'reel', 'story'] }] },
  {
    provider: 'youtube',
    label: 'YouTube',
    fields: [
      { key: 'title', label: 'Video title', kind: 'text', required: true, maxLength: 100 },
      { key: 'privacy', label: 'Privacy', kind: 'choice', choices: ['public', 'unlisted', 'private'] },
    ],
  },
  {
    provider: 'tiktok',
    label: 'TikTok',
    fields: [
      { key: 'privacy_level', label: 'Who can watch', kind: 'choice', required: true, choices: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] },
      { key: 'disable_comment', label: 'Turn comments off', kind: 'flag' },
    ],
  },
  {
    provider: 'pinterest',
    label: 'Pinterest',
    fields: [
      { key: 'board_id', label: 'Board id (the account’s board unless set)', kind: 'text' },
      { key: 'title', label: 'Pin title', kind: 'text', maxLength: 100 },
      { key: 'link', label: 'Destination link', kind: 'text' },
    ],
  },
  {
    provider: 'reddit',
    label: 'Reddit',
    fields: [
      { key: 'subreddit', label: 'Subreddit (the account’s unless set)', kind: 'text' },
      { key: 'title', label: 'Post title', kind: 'text', required: true, maxLength: 300 },
      { key: 'flair_text', label: 'Flair', kind: 'text', maxLength: 64 },
    ],
  },
];
