import type { Post, Schemas } from '../../api';
import { zonedParts } from '../../time';

export type Intent = 'draft' | 'schedule' | 'schedule_now' | 'queue';

/** Platform options of a post, by provider (`versions.N.options.<provider>`). */
export type PlatformOptions = Record<string, Record<string, unknown>>;

/** What the compose form holds. */
export interface Draft {
  accountIds: number[];
  /** The original's content items: the post, then each reply of the thread (or the first comment). */
  items: string[];
  /** Per account, its own text when it differs from the original. */
  custom: Record<number, string>;
  date: string;
  time: string;
  /** Media ids of the first item (of every version). */
  media: string[];
  options: PlatformOptions;
  tags: string[];
}

export const EMPTY_DRAFT: Draft = { accountIds: [], items: [''], custom: {}, date: '', time: '', media: [], options: {}, tags: [] };

export function draftOf(post: Post, timeZone: string): Draft {
  const original = post.versions.find((version) => version.is_original);
  const custom: Record<number, string> = {};
  for (const version of post.versions) if (!version.is_original) custom[version.account_id] = version.content[0]?.body ?? '';
  const when = post.scheduled_at ? zonedParts(new Date(post.scheduled_at), timeZone) : null;
  const items = original && original.content.length > 0 ? original.content.map((item) => item.body) : [''];
  return {
    accountIds: post.accounts.map((account) => account.id),
    items,
    custom,
    date: when?.date ?? '',
    time: when?.time ?? '',
    media: original?.content[0]?.media ?? [],
    options: (original?.options ?? {}) as PlatformOptions,
    tags: post.tags,
  };
}

/** A copy of a post to save as a new one: its versions, accounts, options and tags, without a time. */
export const duplicateOf = (post: Post, timeZone: string): Draft => ({ ...draftOf(post, timeZone), date: '', time: '' });

/** The API's body for the draft and what the user asked (PRODUCT.md, "Creating and updating a post"). */
export function bodyOf(draft: Draft, intent: Intent, timeZone: string): Schemas['PostBody'] {
  const options = Object.fromEntries(Object.entries(draft.options).filter(([, values]) => Object.keys(values).length > 0));
  const original: Schemas['PostVersionInput'] = {
    account_id: 0,
    is_original: true,
    content: draft.items.map((body, index) => ({ body, media: index === 0 ? draft.media : [] })),
    options,
  };
  const versions = [
    original,
    ...Object.entries(draft.custom)
      .filter(([id]) => draft.accountIds.includes(Number(id)))
      .map(([id, body]): Schemas['PostVersionInput'] => ({ account_id: Number(id), is_original: false, content: [{ body, media: draft.media }, ...original.content.slice(1)], options })),
  ];
  const timed = draft.date !== '' && (intent === 'schedule' || intent === 'draft');
  const when = timed ? { date: draft.date, time: draft.time || '00:00', timezone: timeZone } : {};
  const flags = { schedule: { schedule: true }, schedule_now: { schedule_now: true }, queue: { queue: true }, draft: {} }[intent];
  return { versions, accounts: draft.accountIds, tags: draft.tags, ...when, ...flags };
}
