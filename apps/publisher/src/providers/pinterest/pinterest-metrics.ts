import { figuresRead, postGone } from '../metrics/post-figures';
import { MetricsOutcome } from '../publish-provider';
import { PinterestApi } from './pinterest-api';
import { isFailure, pinterestFailure } from './pinterest-errors';

/** The metric types read: impressions, saves and Pin clicks (to content on or off Pinterest) per day; comments and reactions as lifetime counts. */
const METRIC_TYPES = 'IMPRESSION,SAVE,PIN_CLICK,TOTAL_COMMENTS,TOTAL_REACTIONS';

/** Pinterest reports a Pin's days for at most the last 90: the range read ends today and starts 89 days before (UTC days). */
const RANGE_DAYS = 89;

const utcDay = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

/** What `GET /pins/{pin_id}/analytics` answers for all apps: the range's sums and the lifetime counts. */
interface PinAnalytics {
  all?: { summary_metrics?: Record<string, unknown>; lifetime_metrics?: Record<string, unknown> };
}

/**
 * The figures of a Pin (`GET /pins/{pin_id}/analytics`, scopes `boards:read` and `pins:read`):
 * impressions, saves and clicks summed over the last 90 days (all a Pin's life when it is younger,
 * as it is when the service collects its figures), and its comments (replies) and reactions (likes)
 * as Pinterest counts them over its life.
 */
export async function readPinterestMetrics(api: PinterestApi, pinId: string, now = Date.now()): Promise<MetricsOutcome> {
  const query = new URLSearchParams({ start_date: utcDay(now - RANGE_DAYS * 86_400_000), end_date: utcDay(now), metric_types: METRIC_TYPES, app_types: 'ALL', split_field: 'NO_SPLIT' });
  const answer = await api.send({ method: 'GET', path: `/pins/${encodeURIComponent(pinId)}/analytics?${query}` });
  if (isFailure(answer)) return answer;
  if (answer.kind === 'answer' && answer.status === 404) return postGone('Pinterest');
  if (answer.kind !== 'answer' || answer.status !== 200) return pinterestFailure(answer);
  const { summary_metrics: summary = {}, lifetime_metrics: lifetime = {} } = (answer.body as PinAnalytics | null)?.all ?? {};
  return figuresRead({ impressions: summary.IMPRESSION, saves: summary.SAVE, clicks: summary.PIN_CLICK, replies: lifetime.TOTAL_COMMENTS, likes: lifetime.TOTAL_REACTIONS });
}
