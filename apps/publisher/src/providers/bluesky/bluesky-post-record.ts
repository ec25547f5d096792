import { createHash } from 'node:crypto';
import { FollowUp, ItemOnPlatform } from '../publish-provider';

const BASE32_SORTABLE = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * The record key of a post: a TID (13 characters, base32-sortable, 53 bits of microseconds and 10
 * of clock id) derived from the idempotency key and the time of the first attempt. The same post
 * on the same account always gets the same key, so a create that is repeated (a retry, a restart
 * after a crash) can never make a second record.
 */
export function recordKeyFor(idempotencyKey: string, firstAttemptAt: Date): string {
  const hash = createHash('sha256').update(idempotencyKey).digest();
  const micros = BigInt(firstAttemptAt.getTime()) * 1000n + BigInt(hash.readUInt16BE(0) % 1000);
  const clockId = BigInt(hash.readUInt16BE(2) & 0x3ff);
  let value = (micros << 10n) | clockId;
  let key = '';
  for (let i = 0; i < 13; i++) {
    key = BASE32_SORTABLE[Number(value & 31n)] + key;
    value >>= 5n;
  }
  return key;
}

export interface LinkFacet {
  index: { byteStart: number; byteEnd: number };
  features: { $type: 'app.bsky.richtext.facet#link'; uri: string }[];
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/** Links of a text as facets, with the UTF-8 byte offsets the AT Protocol counts in. */
export function linkFacets(text: string): LinkFacet[] {
  const facets: LinkFacet[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const uri = match[0].replace(TRAILING_PUNCTUATION, '');
    const byteStart = Buffer.byteLength(text.slice(0, match.index));
    facets.push({ index: { byteStart, byteEnd: byteStart + Buffer.byteLength(uri) }, features: [{ $type: 'app.bsky.richtext.facet#link', uri }] });
  }
  return facets;
}

/** An `app.bsky.feed.post` record, with its embed (images) when there is one. */
export function postRecord(text: string, createdAt: Date, embed?: Record<string, unknown>): Record<string, unknown> {
  const facets = linkFacets(text);
  return { $type: 'app.bsky.feed.post', text, createdAt: createdAt.toISOString(), ...(facets.length > 0 ? { facets } : {}), ...(embed ? { embed } : {}) };
}

/** A strong reference (`com.atproto.repo.strongRef`) to a record this account published: its URI and CID. */
const strongRef = (item: ItemOnPlatform): { uri: string; cid: string } => ({ uri: item.externalId, cid: item.reference ?? '' });

/** The `reply` of a post that follows others in a thread: the thread's first record (`root`) and the one it answers (`parent`). */
export const replyRefs = (followUp: FollowUp): { root: { uri: string; cid: string }; parent: { uri: string; cid: string } } => ({
  root: strongRef(followUp.root),
  parent: strongRef(followUp.parent),
});

/** Where a post is seen on the web: `https://bsky.app/profile/<handle>/post/<rkey>`. */
export const postUrl = (handle: string, rkey: string): string => `https://bsky.app/profile/${handle}/post/${rkey}`;

/** The record key of an `at://` URI. */
export const recordKeyOf = (uri: string): string => uri.slice(uri.lastIndexOf('/') + 1);
