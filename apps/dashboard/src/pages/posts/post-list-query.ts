import { answer, api, type Post, type PostPage, type PostStatus } from '../../api';
import { shorten } from '../../graphemes';
import { zonedParts } from '../../time';

export const STATUS_TABS: { status: PostStatus | null; label: string }[] = [
  { status: null, label: 'All' },
  { status: 'draft', label: 'Draft' },
  { status: 'needs_approval', label: 'Needs approval' },
  { status: 'scheduled', label: 'Scheduled' },
  { status: 'publishing', label: 'Publishing' },
  { status: 'published', label: 'Published' },
  { status: 'failed', label: 'Failed' },
];

export interface PostFilters {
  status: PostStatus | null;
  accountId: number | null;
  from: string;
  to: string;
  text: string;
}

export const PAGE_SIZE = 20;
/** The API filters by status only; account, dates and text are applied here, over at most this many posts. */
const CLIENT_FILTER_MAX_PAGES = 10;

export const originalText = (post: Post): string => post.versions.find((version) => version.is_original)?.content[0]?.body ?? post.versions[0]?.content[0]?.body ?? '';

/** A post as the pages name it in lists, buttons and messages: the start of its text, cut between characters. */
export const postName = (post: Post, length = 30): string => shorten(originalText(post), length) || '(empty)';

export const hasClientFilters = (filters: PostFilters): boolean => filters.accountId !== null || filters.from !== '' || filters.to !== '' || filters.text.trim() !== '';

/** Whether a post passes the account, date (its schedule or creation day in the zone) and text filters. */
export function matches(post: Post, filters: PostFilters, timeZone: string): boolean {
  if (filters.accountId !== null && !post.accounts.some((account) => account.id === filters.accountId)) return false;
  const day = zonedParts(new Date(post.scheduled_at ?? post.created_at), timeZone).date;
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  const text = filters.text.trim().toLowerCase();
  if (text && !post.versions.some((version) => version.content.some((item) => item.body.toLowerCase().includes(text)))) return false;
  return true;
}

/** Every post of a status, page by page (for client-side filters and the calendar). */
export async function allPosts(workspaceUuid: string, status: PostStatus | null): Promise<Post[]> {
  const posts: Post[] = [];
  for (let page = 1; page <= CLIENT_FILTER_MAX_PAGES; page++) {
    const { data, meta } = await postPage(workspaceUuid, status, page, 100);
    posts.push(...data);
    if (posts.length >= meta.total || data.length === 0) break;
  }
  return posts;
}

/** `GET /api/{workspaceUuid}/posts`: a page of posts, of one status or all. */
const postPage = (workspaceUuid: string, status: PostStatus | null, page: number, limit: number): Promise<PostPage> =>
  answer(api.GET('/api/{workspaceUuid}/posts', { params: { path: { workspaceUuid }, query: { status: status ?? undefined, page, limit } } }));

/** One page of posts: from the API when only the status filters, otherwise filtered here. */
export async function loadPostPage(workspaceUuid: string, filters: PostFilters, page: number, timeZone: string): Promise<PostPage> {
  if (!hasClientFilters(filters)) return postPage(workspaceUuid, filters.status, page, PAGE_SIZE);
  const matching = (await allPosts(workspaceUuid, filters.status)).filter((post) => matches(post, filters, timeZone));
  return { data: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), meta: { page, limit: PAGE_SIZE, total: matching.length } };
}
