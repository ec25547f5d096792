import type { Post } from '@app/client';

/** A post on a platform: its id as the service reports it, its text, and the id of what it replies to. */
export interface PostOnPlatform {
  id: string;
  text: string;
  replyTo: string | null;
}

/** The accounts of a post as the API shows them, with the items of each. */
type PublishedThread = Pick<Post, 'accounts'>;

/**
 * The items of a thread as the service shows them, and the posts the platform holds for their
 * texts: each item once (the one sent before a crash and made again after it too), each a reply
 * to the one before, and the post's first account lists them in order.
 */
export function expectOneThread(published: PublishedThread, posts: PostOnPlatform[], texts: string[]): void {
  const found = texts.map((text) => posts.filter((post) => post.text === text));
  expect(found.map((copies) => copies.length)).toEqual(texts.map(() => 1));
  expect(found.map(([post]) => post.replyTo)).toEqual([null, ...found.slice(0, -1).map(([post]) => post.id)]);
  const [account] = published.accounts;
  expect(account.items.map((item) => item?.external_id)).toEqual(found.map(([post]) => post.id));
  expect(account.external_url).toBe(account.items[0]?.external_url);
}
