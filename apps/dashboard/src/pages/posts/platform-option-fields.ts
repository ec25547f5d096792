/**
 * How compose names the options of each platform (their rules, kinds, choices and limits come from
 * GET /api/platforms): words only, by provider and field. A field not named here shows its own name.
 */
const OPTION_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  mastodon: { spoiler_text: 'Content warning', sensitive: 'Sensitive media' },
  instagram: { type: 'Post type' },
  facebook: { type: 'Post type' },
  youtube: { title: 'Video title', privacy: 'Privacy', tags: 'Tags (comma-separated)' },
  tiktok: { privacy_level: 'Who can watch', disable_comment: 'Turn comments off' },
  pinterest: { board_id: 'Board id (the account’s board unless set)', title: 'Pin title', link: 'Destination link' },
  reddit: { subreddit: 'Subreddit (the account’s unless set)', title: 'Post title', flair_id: 'Flair id', flair_text: 'Flair' },
};

/** A field's label: compose's words for it, else its name with spaces ("flair_text" → "Flair text"). */
export function optionLabel(provider: string, name: string): string {
  const named = OPTION_LABELS[provider]?.[name];
  if (named) return named;
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
