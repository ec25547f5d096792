import { answer, api, type PostMetricsEntry } from '../../api';
import { Loading, Notice, Section, useLoad } from '../../components/ui';
import { ENGAGEMENT_EXPLAINED, formatFigure } from '../../figures';
import { linkTo } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { allPosts, postName } from '../posts/post-list-query';
import { bestPosts, candidatesOf, type Range, type RankedPost } from './analytics-data';

/** How many posts the list shows. */
const SHOWN = 5;
/** The most posts whose figures are read for the list (one request each), the most recently published first. */
const READ_AT_MOST = 40;
/** Requests for figures in flight at once. */
const AT_ONCE = 4;

interface Ranking {
  ranked: RankedPost[];
  /** Posts of the range whose figures were not read, when there were more than READ_AT_MOST. */
  leftOut: number;
}

/**
 * The posts of the range with the most likes, replies, reposts and quotes on the chosen accounts:
 * the published posts (and those that failed on some accounts only) from the posts list, each
 * one's figures from `GET .../metrics`.
 */
async function rank(workspaceUuid: string, range: Range, accountId: number | null): Promise<Ranking> {
  const posts = [...(await allPosts(workspaceUuid, 'published')), ...(await allPosts(workspaceUuid, 'failed'))];
  const candidates = candidatesOf(posts, range, accountId);
  const read = candidates.slice(0, READ_AT_MOST);
  const figures = new Map<string, readonly PostMetricsEntry[]>();
  for (let start = 0; start < read.length; start += AT_ONCE) {
    const batch = read.slice(start, start + AT_ONCE);
    const answers = await Promise.all(
      batch.map(({ post }) => answer(api.GET('/api/{workspaceUuid}/posts/{postUuid}/metrics', { params: { path: { workspaceUuid, postUuid: post.uuid } } }))),
    );
    batch.forEach(({ post }, index) => figures.set(post.uuid, answers[index].data));
  }
  return { ranked: bestPosts(read, figures, SHOWN), leftOut: candidates.length - read.length };
}

export function BestPosts({ range, accountId }: { range: Range; accountId: number | null }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const ranking = useLoad(() => rank(workspaceUuid, range, accountId), [workspaceUuid, range.from, range.to, accountId]);
  return (
    <Section title="Best posts" id="best-posts">
      <p class="muted">By engagement: {ENGAGEMENT_EXPLAINED}, on the accounts shown, as last read.</p>
      {ranking.error && <Notice kind="error">{ranking.error}</Notice>}
      {ranking.loading && <Loading what="the best posts" />}
      {ranking.data && ranking.data.ranked.length === 0 && <p class="muted">No post of this range has figures yet.</p>}
      {ranking.data && ranking.data.ranked.length > 0 && (
        <ol class="best-posts" aria-label="Best posts">
          {ranking.data.ranked.map(({ post, engagement, publishedAt }) => (
            <li key={post.uuid}>
              <a {...linkTo(`/posts/${post.uuid}`)}>{postName(post, 80)}</a>{' '}
              <span class="muted">
                published {formatInZone(publishedAt, timeZone)} ({timeZone})
              </span>{' '}
              <strong>{formatFigure(engagement)}</strong> <span class="muted">engagement</span>
            </li>
          ))}
        </ol>
      )}
      {ranking.data && ranking.data.leftOut > 0 && (
        <p class="muted">
          Among the {READ_AT_MOST} most recently published posts of the range; {ranking.data.leftOut} earlier ones are not ranked: choose a shorter range to rank them.
        </p>
      )}
    </Section>
  );
}
