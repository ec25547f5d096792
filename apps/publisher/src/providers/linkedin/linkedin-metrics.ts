import { PostMetricName } from '@app/domain';
import { ProviderHttp } from '../http/provider-http';
import { figuresRead, postGone } from '../metrics/post-figures';
import { MetricsOutcome } from '../publish-provider';
import { linkedinFailure } from './linkedin-errors';
import { restHeaders } from './linkedin-post';

/** The Member Post Statistics read, one call each, by the product's names (`MEMBERS_REACHED`, the post's unique viewers, has none). */
const QUERY_TYPES: readonly [PostMetricName, string][] = [
  ['impressions', 'IMPRESSION'],
  ['likes', 'REACTION'],
  ['replies', 'COMMENT'],
  ['reposts', 'RESHARE'],
];

/** A post's entity as the statistics' `entity` finder names it: `(share:<urn>)` for a share, `(ugc:<urn>)` for a UGC post, the URN encoded. */
function entityOf(urn: string): string {
  return `(${urn.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share'}:${encodeURIComponent(urn)})`;
}

/**
 * The figures of the member's post: LinkedIn's Member Post Statistics (`GET
 * /rest/memberCreatorPostAnalytics`, the `entity` finder, `aggregation=TOTAL`, permission
 * `r_member_postAnalytics`), one query type a call: impressions, reactions (likes), comments
 * (replies) and reshares (reposts). A type LinkedIn answers no element for is left out.
 */
export async function readLinkedInMetrics(http: ProviderHttp, apiUrl: string, token: string, urn: string): Promise<MetricsOutcome> {
  const reported: Partial<Record<PostMetricName, unknown>> = {};
  for (const [name, queryType] of QUERY_TYPES) {
    const url = `${apiUrl}/rest/memberCreatorPostAnalytics?q=entity&entity=${entityOf(urn)}&queryType=${queryType}&aggregation=TOTAL`;
    const answer = await http.send({ method: 'GET', url, headers: restHeaders(token) });
    if (answer.kind === 'answer' && answer.status === 404) return postGone('LinkedIn');
    if (answer.kind !== 'answer' || answer.status !== 200) return linkedinFailure(answer);
    const elements = (answer.body as { elements?: Array<{ count?: unknown; metricType?: unknown }> } | null)?.elements ?? [];
    reported[name] = elements.find((element) => element.metricType === queryType)?.count;
  }
  return figuresRead(reported);
}
