import { ProviderFailure, PublishOutcome } from '../publish-provider';
import { instagramFailure } from './instagram-errors';
import { InstagramGraph, okBody } from './instagram-graph';
import { InstagramProduct } from './instagram-post-plan';

/**
 * How long before the first attempt a media found by the lookup may have been published (the
 * clocks of Instagram and of this service differ a little). The lookup runs only once the
 * container says it is published, and takes the newest match.
 */
const LOOKUP_MARGIN_MS = 60_000;
/** The most recent media read in one lookup. */
const LOOKUP_PAGE = 50;

interface ListedMedia {
  id?: unknown;
  caption?: unknown;
  permalink?: unknown;
}

interface ListedComment {
  id?: unknown;
  text?: unknown;
  username?: unknown;
}

const sameText = (a: unknown, b: string): boolean => typeof a === 'string' && a.trim() === b.trim();

/**
 * The media a published container became, among the account's media since the first attempt:
 * the newest with the post's caption (`GET /{ig-user-id}/media`); for a story, which has no
 * caption, the account's one story since then (`/stories`), none when there are several. Null when
 * none is found.
 */
export async function findPublished(graph: InstagramGraph, userId: string, product: InstagramProduct, caption: string, since: Date): Promise<PublishOutcome | null> {
  const edge = product === 'story' ? 'stories' : 'media';
  const params = { fields: 'id,caption,timestamp,permalink', since: String(Math.floor((since.getTime() - LOOKUP_MARGIN_MS) / 1000)), limit: String(LOOKUP_PAGE) };
  const answer = await graph.get(`${encodeURIComponent(userId)}/${edge}`, params);
  const body = okBody<{ data?: ListedMedia[] }>(answer);
  if (!body) return instagramFailure(answer);
  const listed = body.data ?? [];
  const candidates = product === 'story' ? listed : listed.filter((media) => sameText(media.caption, caption));
  const found = product === 'story' && candidates.length > 1 ? undefined : candidates[0];
  if (typeof found?.id !== 'string') return null;
  return { kind: 'published', externalId: found.id, externalUrl: typeof found.permalink === 'string' ? found.permalink : null };
}

/** The account's comment with this text on the media (`GET /{media-id}/comments`, newest first): what a try whose answer was lost made. */
export async function findComment(graph: InstagramGraph, mediaId: string, username: string, text: string): Promise<string | null | ProviderFailure> {
  const answer = await graph.get(`${encodeURIComponent(mediaId)}/comments`, { fields: 'id,text,username,timestamp' });
  const body = okBody<{ data?: ListedComment[] }>(answer);
  if (!body) return instagramFailure(answer);
  const found = (body.data ?? []).find((comment) => comment.username === username && sameText(comment.text, text));
  return typeof found?.id === 'string' ? found.id : null;
}
